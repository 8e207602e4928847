/**
 * Messages between the parts of the extension (content script, background, popup, side panel).
 * The background checks every one against these schemas and checks who sent it: a content script may
 * only propose; host calls that read or write the disk come only from the extension's own pages.
 */
import * as z from 'zod/mini';
import { ChangeSetSchema, TEXT_SOURCES } from '../changeset/changeset';
import { DETECT_MAX_PARTS, DETECT_PART_CHARS, MAX_BUNDLE_CHARS } from './bounds';

export const HostStatusSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('connected'), version: z.string(), protocol: z.number() }),
  z.object({ state: z.literal('missing'), message: z.string(), installCommand: z.string() }),
  z.object({ state: z.literal('error'), message: z.string() }),
]);
export type HostStatus = z.infer<typeof HostStatusSchema>;

export const ProposalSchema = z.object({
  site: z.string(),
  url: z.string(),
  conversationId: z.optional(z.string()),
  replyId: z.string(),
  textSource: z.enum(TEXT_SOURCES),
  /** The reply was found by the generic reader (the site's adapter was off or found nothing). */
  reader: z.optional(z.literal('generic')),
  changeSets: z.array(ChangeSetSchema).check(z.maxLength(50)),
  /** The raw reply text, kept so the side panel can re-plan and show it. Capped at 16 MiB. */
  text: z.string().check(z.maxLength(16 * 1024 * 1024)),
});
export type Proposal = z.infer<typeof ProposalSchema>;

/** What a proposal says of its reply besides the text and what was read from it. */
export const ProposalMetaSchema = z.omit(ProposalSchema, { changeSets: true, text: true });
export type ProposalMeta = z.infer<typeof ProposalMetaSchema>;

/** What the background answers to the last part of a `detect`: the proposal, less the text it was sent. */
export type DetectAnswer = { ok: true; proposal?: Omit<Proposal, 'text'> } | { ok: false; message: string };

/** Sent by content scripts. */
export const ContentMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('propose'), proposal: ProposalSchema, open: z.boolean() }),
  /** The page looks like a conversation but the adapter finds no reply: the site may have changed. */
  z.object({
    type: z.literal('adapter-missed'),
    site: z.string(),
    url: z.string(),
    message: z.string().check(z.maxLength(500)),
  }),
  /** Inject the MAIN-world half of the Copy-button capture into the sender's frame. */
  z.object({ type: z.literal('enable-copy-capture') }),
  /**
   * Read the operations of a long reply off the page's thread (issue 44), its text sent in parts so that
   * no one message holds the page long: the last part is answered with the proposal less its text
   * (`DetectAnswer`), nothing stored, nothing opened.
   */
  z.object({
    type: z.literal('detect'),
    /** The sender's own name for this reply's parts. */
    id: z.string().check(z.minLength(1), z.maxLength(64)),
    part: z.int().check(z.nonnegative(), z.lt(DETECT_MAX_PARTS)),
    parts: z.int().check(z.positive(), z.lte(DETECT_MAX_PARTS)),
    text: z.string().check(z.maxLength(DETECT_PART_CHARS)),
    meta: ProposalMetaSchema,
  }),
]);
export type ContentMessage = z.infer<typeof ContentMessageSchema>;

/** A browser tab's id (chrome.tabs): tabs have non-negative ids, and -1 is "no tab". */
const TAB_ID = z.int().check(z.nonnegative());

/** Sent by extension pages (popup, side panel, options). */
export const PageMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('host-status') }),
  z.object({ type: z.literal('host-call'), method: z.string(), params: z.unknown() }),
  z.object({ type: z.literal('get-proposal') }),
  /**
   * The review's first read, made ahead at the click (background/read-ahead.ts), asked for by the side
   * panel as it loads: `{ root, paths, result }` once, or null.
   */
  z.object({ type: z.literal('read-ahead') }),
  /**
   * Put format instructions into the chat's message box (forwarded to its content script): in the tab
   * `tabId` when the page names the chat it counted for, else in the active tab.
   */
  z.object({
    type: z.literal('insert-instructions'),
    text: z.string().check(z.maxLength(20_000)),
    tabId: z.optional(TAB_ID),
  }),
  /** Put the chosen project files (shared/context/bundle.ts) into the message box, after the user's draft. */
  z.object({
    type: z.literal('insert-bundle'),
    text: z.string().check(z.maxLength(MAX_BUNDLE_CHARS)),
    tabId: z.optional(TAB_ID),
  }),
]);
export type PageMessage = z.infer<typeof PageMessageSchema>;

/** Sent by the background to a content script. */
export const TabMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('insert-instructions'), text: z.string().check(z.maxLength(20_000)) }),
  z.object({ type: z.literal('insert-bundle'), text: z.string().check(z.maxLength(MAX_BUNDLE_CHARS)) }),
]);
export type TabMessage = z.infer<typeof TabMessageSchema>;

export type InsertAnswer = { ok: true; how: string } | { ok: false; message: string };

export const INSTALL_COMMAND = 'npx replyapply install';
