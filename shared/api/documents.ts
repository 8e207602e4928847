/**
 * The text of assistant messages as the chat sites' conversation APIs give them, with the documents each
 * message created or changed — Claude's artifacts, ChatGPT's canvas — appended as `<antArtifact>` tags
 * (shared/formats/artifacts.ts reads them): the document's text after that message, every create,
 * update and rewrite of the conversation so far replayed in order. A document that cannot be rebuilt
 * (an update whose text is not in it, a canvas pattern JavaScript cannot run, an update of a document
 * this answer does not hold) is a tag with `failed` set: an error in the review, never a guess.
 *
 * Claude (`chat_messages[]` of `/chat_conversations/<id>`): a message's `content` is blocks; text blocks
 * are its text, `tool_use` blocks named `artifacts` carry `input: { id, command: create | update |
 * rewrite, type, language, title, content, old_str, new_str }` (an update replaces `old_str`, which
 * must be in the text once, by `new_str`). Older messages carry `<antArtifact>` tags in their text.
 * Shapes: claude.ai's conversation API as read by the extension (claude.ts), and the public exporters'
 * fixtures (Claude's `chat_messages` with `content` blocks).
 *
 * ChatGPT (`mapping` of `/backend-api/conversation/<id>`): a canvas is made by an assistant message whose
 * `recipient` is `canmore.create_textdoc` (content text: JSON `{ name, type, content }`) and changed by
 * one to `canmore.update_textdoc` (`{ updates: [{ pattern, multiple, replacement }] }`, Python regular
 * expressions: py-regex.ts); the tool's answer (author role `tool`) says "Failed with error…" when the
 * canvas refused an update — that update is then not replayed — and carries `metadata.canvas`
 * (`textdoc_id`, `version`). The documents of a turn go with the turn's last text message, the one the
 * page shows. Shapes: corpus unprompted/009, /013, /015, /017 (ChatGPT exports, kept verbatim).
 */
import { type ArtifactAttributes, artifactTag } from '../formats/artifacts';
import { pushAll } from '../text/push-all';
import { PyRegexError, pySub } from './py-regex';

interface Doc {
  attrs: ArtifactAttributes;
  content: string;
  failed?: string;
  version: number;
  /**
   * The updates of a canvas whose text this answer does not hold (made in an earlier message): kept as
   * they are, to run on the project's file that holds their text (the `regex` op, artifacts.ts).
   */
  updates?: { pattern: string; replacement: string; multiple: boolean }[];
}

function tagOf(doc: Doc): string {
  const attrs: ArtifactAttributes = { ...doc.attrs, version: String(doc.version) };
  if (doc.updates) return artifactTag({ ...attrs, command: 'regex-update' }, JSON.stringify(doc.updates));
  if (doc.failed) attrs.failed = doc.failed;
  return artifactTag(attrs, doc.failed ? '' : doc.content);
}

/** A canvas call's updates as a list, or the reason they are none. */
function updatesOf(updates: unknown): NonNullable<Doc['updates']> | string {
  if (!Array.isArray(updates)) return 'a canvas update holds no list of updates';
  const out: NonNullable<Doc['updates']> = [];
  for (const [i, u] of updates.entries()) {
    const { pattern, replacement, multiple } = (u ?? {}) as Record<string, unknown>;
    if (typeof pattern !== 'string' || typeof replacement !== 'string')
      return `update ${i + 1} of a canvas call has no pattern or replacement`;
    out.push({ pattern, replacement, multiple: multiple === true });
  }
  return out;
}

function withDocs(text: string, docs: Iterable<Doc>): string {
  const tags = [...docs].map(tagOf);
  if (tags.length === 0) return text;
  return [text.trimEnd(), ...tags].filter((t) => t !== '').join('\n\n');
}

// ---------------------------------------------------------------- Claude

export interface ClaudeMessage {
  uuid?: unknown;
  parent_message_uuid?: unknown;
  index?: unknown;
  sender?: unknown;
  content?: unknown;
  text?: unknown;
}

interface ClaudeBlock {
  type?: unknown;
  text?: unknown;
  name?: unknown;
  input?: unknown;
}

interface ArtifactInput {
  id?: unknown;
  command?: unknown;
  type?: unknown;
  language?: unknown;
  title?: unknown;
  content?: unknown;
  old_str?: unknown;
  new_str?: unknown;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * The messages the page shows: the path from the root to the current leaf. Without a usable leaf
 * (older answers, a broken parent chain) the messages in `index` order, which is the same thing for
 * a conversation that never branched.
 */
export function claudeBranch(all: readonly ClaudeMessage[], leaf: unknown): ClaudeMessage[] {
  const byId = new Map(all.filter((m) => typeof m?.uuid === 'string').map((m) => [m.uuid as string, m]));
  if (typeof leaf === 'string' && byId.has(leaf)) {
    const path: ClaudeMessage[] = [];
    const seen = new Set<unknown>();
    for (let m = byId.get(leaf); m && !seen.has(m.uuid); m = byId.get(m.parent_message_uuid as string)) {
      seen.add(m.uuid);
      path.push(m);
    }
    return path.reverse();
  }
  return [...all].sort((a, b) => Number(a?.index ?? 0) - Number(b?.index ?? 0));
}

/**
 * The text of each assistant message of `branch` (in order), its artifacts appended. `docs` carries the
 * artifacts between calls when a caller reads one message at a time.
 */
export function claudeMessageTexts(
  branch: readonly ClaudeMessage[],
  docs: Map<string, Doc> = new Map(),
): Array<{ uuid?: string; text: string }> {
  const out: Array<{ uuid?: string; text: string }> = [];
  for (const message of branch) {
    const touched = new Map<string, Doc>();
    const texts: string[] = [];
    const blocks = Array.isArray(message.content) ? (message.content as ClaudeBlock[]) : [];
    for (const b of blocks) {
      if (b?.type === 'text' && typeof b.text === 'string') texts.push(b.text);
      else if (b?.type === 'tool_use' && b.name === 'artifacts' && b.input && typeof b.input === 'object') {
        const doc = replayArtifact(docs, b.input as ArtifactInput);
        if (doc) touched.set(doc.attrs.identifier ?? '', doc);
      }
    }
    if (message.sender !== 'assistant') continue;
    // Older answers carry the whole reply in `text` (tags inline).
    const text = texts.length > 0 ? texts.join('\n\n') : (str(message.text) ?? '');
    const uuid = str(message.uuid);
    out.push({ ...(uuid ? { uuid } : {}), text: withDocs(text, touched.values()) });
  }
  return out;
}

function replayArtifact(docs: Map<string, Doc>, input: ArtifactInput): Doc | null {
  const id = str(input.id);
  if (!id) return null;
  const command = str(input.command) ?? 'create';
  let doc = docs.get(id);
  const attrs = (): ArtifactAttributes => {
    const a: ArtifactAttributes = { identifier: id };
    for (const k of ['type', 'language', 'title'] as const) {
      const v = str(input[k]) ?? doc?.attrs[k];
      if (v) a[k] = v;
    }
    return a;
  };
  if (command === 'create' || command === 'rewrite') {
    const content = str(input.content) ?? '';
    doc = { attrs: attrs(), content, version: (doc?.version ?? 0) + 1 };
    docs.set(id, doc);
    return doc;
  }
  if (command === 'update') {
    if (!doc) {
      doc = {
        attrs: attrs(),
        content: '',
        version: 1,
        failed: 'it updates an artifact of an earlier message that this answer does not hold',
      };
      docs.set(id, doc);
      return doc;
    }
    doc.attrs = attrs();
    doc.version++;
    if (doc.failed) return doc;
    const oldStr = str(input.old_str) ?? '';
    const newStr = str(input.new_str) ?? '';
    const at = oldStr === '' ? -1 : doc.content.indexOf(oldStr);
    if (at < 0) doc.failed = `an update's old text is not in the artifact (version ${doc.version})`;
    else if (doc.content.indexOf(oldStr, at + 1) >= 0)
      doc.failed = `an update's old text is in the artifact more than once (version ${doc.version})`;
    else doc.content = doc.content.slice(0, at) + newStr + doc.content.slice(at + oldStr.length);
    return doc;
  }
  return null;
}

// ---------------------------------------------------------------- ChatGPT

export interface ChatGptMessage {
  id?: unknown;
  author?: { role?: unknown; name?: unknown };
  recipient?: unknown;
  content?: { content_type?: unknown; parts?: unknown[]; text?: unknown };
  status?: unknown;
  create_time?: unknown;
  metadata?: { canvas?: { textdoc_id?: unknown; version?: unknown; title?: unknown } } & Record<
    string,
    unknown
  >;
}

interface ChatGptNode {
  id?: unknown;
  parent?: unknown;
  message?: ChatGptMessage | null;
}

/** The messages the page shows, in order: the branch that ends at `current_node`, else every node by time. */
export function chatGptBranch(conversation: { mapping?: unknown; current_node?: unknown }): ChatGptMessage[] {
  const mapping = conversation.mapping as Record<string, ChatGptNode> | undefined;
  if (!mapping || typeof mapping !== 'object') return [];
  const leaf = conversation.current_node;
  if (typeof leaf === 'string' && mapping[leaf]) {
    const path: ChatGptMessage[] = [];
    const seen = new Set<string>();
    for (
      let id: unknown = leaf;
      typeof id === 'string' && mapping[id] && !seen.has(id);
      id = mapping[id]!.parent
    ) {
      seen.add(id);
      const m = mapping[id]!.message;
      if (m) path.push(m);
    }
    return path.reverse();
  }
  return Object.values(mapping)
    .map((n) => n?.message)
    .filter((m): m is ChatGptMessage => !!m)
    .sort((a, b) => Number(a.create_time ?? 0) - Number(b.create_time ?? 0));
}

/** The text of a finished assistant text message; null for anything else (tool calls, images, thoughts). */
function chatGptText(m: ChatGptMessage): string | null {
  if (m.author?.role !== 'assistant') return null;
  if (m.content?.content_type !== 'text' || !Array.isArray(m.content.parts)) return null;
  if (m.recipient !== undefined && m.recipient !== 'all') return null;
  // Older conversations have no status field; they are finished.
  if (m.status !== undefined && m.status !== 'finished_successfully') return null;
  // Parts can also hold objects (images); only the strings are the reply's text.
  return m.content.parts.filter((p): p is string => typeof p === 'string').join('\n');
}

const CANVAS_TYPE_LANGUAGE = /^code\/([\w+#.-]+)$/;

/**
 * Each assistant text message of the branch by id, with the canvas documents its turn created or
 * changed appended. A turn with canvas calls and no text message gives its documents to the id of its
 * last canvas call.
 */
export function chatGptMessageTexts(messages: readonly ChatGptMessage[]): Map<string, string> {
  const out = new Map<string, string>();
  const docs: Doc[] = [];
  let current: Doc | null = null;
  let touched = new Set<Doc>();
  let lastText: string | null = null;
  let lastCall: string | null = null;
  let undo: { doc: Doc; content: string; failed?: string; updates?: number } | null = null;
  const endTurn = () => {
    const key = lastText ?? lastCall;
    if (key !== null && touched.size > 0) out.set(key, withDocs(out.get(key) ?? '', touched));
    touched = new Set();
    lastText = null;
    lastCall = null;
  };
  for (const m of messages) {
    const role = m.author?.role;
    if (role === 'user') {
      endTurn();
      continue;
    }
    const id = str(m.id);
    const text = chatGptText(m);
    if (text !== null && id) {
      out.set(id, text);
      lastText = id;
      continue;
    }
    if (role === 'tool' && typeof m.author?.name === 'string' && m.author.name.startsWith('canmore.')) {
      const answer = toolText(m);
      const refused = m.metadata?.canvas as { is_failure?: unknown } | undefined;
      if (undo && (refused?.is_failure === true || /^Failed with error/i.test(answer.trim()))) {
        // The canvas refused the call: the document stays as it was.
        undo.doc.content = undo.content;
        if (undo.updates !== undefined) undo.doc.updates = undo.doc.updates?.slice(0, undo.updates);
        if (undo.failed) undo.doc.failed = undo.failed;
        else delete undo.doc.failed;
        undo.doc.version--;
      }
      const canvas = m.metadata?.canvas;
      if (current && canvas) {
        const v = Number(canvas.version);
        if (Number.isInteger(v) && v > 0) current.version = v;
        const tid = str(canvas.textdoc_id);
        if (tid) current.attrs.identifier = tid;
      }
      undo = null;
      continue;
    }
    if (role !== 'assistant' || typeof m.recipient !== 'string') continue;
    const call = canvasCall(m);
    if (!call) continue;
    lastCall = id ?? `call-${out.size}`;
    if (m.recipient === 'canmore.create_textdoc') {
      const args = call as { name?: unknown; type?: unknown; content?: unknown };
      const type = str(args.type) ?? '';
      const language = CANVAS_TYPE_LANGUAGE.exec(type)?.[1] ?? (type === 'document' ? 'markdown' : undefined);
      current = {
        attrs: {
          source: 'canvas',
          ...(str(args.name) ? { title: str(args.name)! } : {}),
          ...(type ? { type } : {}),
          ...(language ? { language } : {}),
        },
        content: str(args.content) ?? '',
        version: 1,
      };
      docs.push(current);
      touched.add(current);
      undo = null;
    } else if (m.recipient === 'canmore.update_textdoc') {
      const updates = updatesOf((call as { updates?: unknown }).updates);
      if (!current) {
        // A canvas of an earlier message this answer does not hold: its updates are kept, to be run on
        // the project's file that holds their text.
        current = { attrs: { source: 'canvas', title: 'canvas' }, content: '', version: 1 };
        if (typeof updates === 'string') current.failed = updates;
        else current.updates = [];
        docs.push(current);
      }
      undo = {
        doc: current,
        content: current.content,
        ...(current.failed ? { failed: current.failed } : {}),
        ...(current.updates ? { updates: current.updates.length } : {}),
      };
      current.version++;
      touched.add(current);
      if (current.updates && !current.failed) {
        if (typeof updates === 'string') current.failed = updates;
        else pushAll(current.updates, updates);
        continue;
      }
      if (!current.failed) current.failed = applyUpdates(current, (call as { updates?: unknown }).updates);
      if (!current.failed) delete current.failed;
    }
  }
  endTurn();
  return out;
}

function toolText(m: ChatGptMessage): string {
  const c = m.content;
  if (typeof c?.text === 'string') return c.text;
  return Array.isArray(c?.parts) ? c.parts.filter((p): p is string => typeof p === 'string').join('\n') : '';
}

function canvasCall(m: ChatGptMessage): Record<string, unknown> | null {
  if (m.recipient !== 'canmore.create_textdoc' && m.recipient !== 'canmore.update_textdoc') return null;
  const raw = toolText(m);
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Apply a canvas call's updates in order; the reason it failed, or undefined. */
function applyUpdates(doc: Doc, updates: unknown): string | undefined {
  if (!Array.isArray(updates)) return 'a canvas update holds no list of updates';
  let text = doc.content;
  for (const [i, u] of updates.entries()) {
    const { pattern, replacement, multiple } = (u ?? {}) as Record<string, unknown>;
    if (typeof pattern !== 'string' || typeof replacement !== 'string')
      return `update ${i + 1} of a canvas call has no pattern or replacement`;
    let next: string | null;
    try {
      next = pySub(text, pattern, replacement, multiple === true);
    } catch (err) {
      if (err instanceof PyRegexError)
        return `update ${i + 1} of a canvas call cannot be run: ${err.message}`;
      throw err;
    }
    if (next === null) return `the pattern of update ${i + 1} of a canvas call is not in the document`;
    text = next;
  }
  doc.content = text;
  return undefined;
}
