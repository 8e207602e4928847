/**
 * What "Add files to the chat" works on, kept free of the DOM: which files of the host's tree may be
 * ticked and which are ticked by default, what a folder row ticks, the filter, and the two memories kept
 * per conversation in chrome.storage.local (the ticked paths, and the hash of each file last put in, for
 * "Send changed files again").
 */
import type * as z from 'zod/mini';
import { bundlePathProblem } from '../../shared/context/bundle';
import type { ListTreeResult, TreeEntrySchema } from '../../shared/protocol/protocol';

export type TreeEntry = z.infer<typeof TreeEntrySchema>;
export type Tree = z.infer<typeof ListTreeResult>;

/**
 * A file the user may tick: a text file the host reads whole (an ignored folder is listed, never entered)
 * whose path the bundle can write so that a reply naming it is read back as it (bundlePathProblem).
 */
export function tickable(entry: TreeEntry): boolean {
  return entry.kind === 'file' && !entry.tooLarge && bundlePathProblem(entry.path) === null;
}

/**
 * The most the files ticked by default may come to: 512 KiB, about 128k tokens at some 4 bytes a token,
 * the largest window most chat sites give. A folder whose files come to more is a project the user picks
 * from, not one to send whole: ticking a part of it by walk order would be a choice nobody made.
 */
export const DEFAULT_TICK_BYTES = 512 * 1024;

/**
 * Ticked when nothing is remembered: every tickable file but those git ignores and those that look
 * secret — when together they come to at most `DEFAULT_TICK_BYTES`; else none (`heldBack` says why).
 */
export function defaultTicks(tree: Tree): Set<string> {
  return defaultChoice(tree).ticks;
}

export function defaultChoice(tree: Tree): {
  ticks: Set<string>;
  heldBack?: { files: number; bytes: number };
} {
  const plain = tree.entries.filter((e) => tickable(e) && !e.ignored && !e.secret);
  const bytes = plain.reduce((n, e) => n + e.size, 0);
  if (bytes > DEFAULT_TICK_BYTES) return { ticks: new Set(), heldBack: { files: plain.length, bytes } };
  return { ticks: new Set(plain.map((e) => e.path)) };
}

/**
 * The remembered ticks, kept to the files still in the tree and still tickable: a file deleted or grown
 * past the cap since is dropped, not sent as missing.
 */
export function restoreTicks(tree: Tree, remembered: readonly string[]): Set<string> {
  const files = new Set(tree.entries.filter(tickable).map((e) => e.path));
  return new Set(remembered.filter((p) => files.has(p)));
}

/** The entries whose path holds the filter's text (letter case ignored); all of them for an empty filter. */
export function filtered(tree: Tree, filter: string): TreeEntry[] {
  const needle = filter.trim().toLowerCase();
  if (needle === '') return tree.entries;
  return tree.entries.filter((e) => e.path.toLowerCase().includes(needle));
}

export interface FolderRow {
  kind: 'folder';
  path: string;
  depth: number;
  /** The tickable files below it (among those shown). */
  files: string[];
}
export interface FileRow {
  kind: 'file';
  entry: TreeEntry;
  depth: number;
}
export type Row = FolderRow | FileRow;

/**
 * The rows to show, in path order: each folder on the way to a shown entry once, before its contents,
 * with the tickable files below it (so its box ticks exactly those); an ignored folder from the host is a
 * file-like row that cannot be ticked.
 */
export function rowsOf(entries: readonly TreeEntry[]): Row[] {
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const rows: Row[] = [];
  const folders = new Map<string, FolderRow>();
  for (const entry of sorted) {
    const parts = entry.path.split('/');
    for (let i = 1; i < parts.length; i++) {
      const path = parts.slice(0, i).join('/');
      let folder = folders.get(path);
      if (!folder) {
        folder = { kind: 'folder', path, depth: i - 1, files: [] };
        folders.set(path, folder);
        rows.push(folder);
      }
      if (tickable(entry)) folder.files.push(entry.path);
    }
    rows.push({ kind: 'file', entry, depth: parts.length - 1 });
  }
  return rows;
}

/** A folder's box: all its files ticked, some, or none. */
export function folderState(row: FolderRow, ticked: ReadonlySet<string>): 'all' | 'some' | 'none' {
  const n = row.files.filter((p) => ticked.has(p)).length;
  return n === 0 ? 'none' : n === row.files.length ? 'all' : 'some';
}

/**
 * Ticking a folder ticks every file below it (an ignored or secret one included: ticking the folder is the
 * user's hand on each, and each still shows its warning); unticking a fully ticked folder clears them.
 */
export function toggleFolder(row: FolderRow, ticked: ReadonlySet<string>): Set<string> {
  const next = new Set(ticked);
  const on = folderState(row, ticked) !== 'all';
  for (const p of row.files) {
    if (on) next.add(p);
    else next.delete(p);
  }
  return next;
}

export function toggleFile(path: string, ticked: ReadonlySet<string>): Set<string> {
  const next = new Set(ticked);
  if (next.has(path)) next.delete(path);
  else next.add(path);
  return next;
}

/** The key both memories are kept under: the conversation, or the folder when the chat is not known. */
export function selectionKey(conversation: string | undefined, root: string): string {
  return conversation ?? `folder:${root}`;
}

export const SELECTION_KEY = 'contextSelection';
export const SENT_KEY = 'contextSent';
/** Old conversations are forgotten first, so storage cannot grow without bound (as the folder memory does). */
export const MAX_REMEMBERED = 500;

/** `key` → the root and the ticked paths there. */
export type SelectionMemory = Record<string, { root: string; paths: string[] }>;
/** `key` → path → the hash of the content last put into that conversation. */
export type SentMemory = Record<string, Record<string, string>>;

/** The stored selection, keeping only well-formed parts (an older version may have left anything). */
export function readSelections(stored: unknown): SelectionMemory {
  const out: SelectionMemory = {};
  if (typeof stored !== 'object' || stored === null) return out;
  for (const [k, v] of Object.entries(stored)) {
    const s = v as { root?: unknown; paths?: unknown };
    if (typeof s?.root === 'string' && Array.isArray(s.paths))
      out[k] = { root: s.root, paths: s.paths.filter((p): p is string => typeof p === 'string') };
  }
  return out;
}

export function readSent(stored: unknown): SentMemory {
  const out: SentMemory = {};
  if (typeof stored !== 'object' || stored === null) return out;
  for (const [k, v] of Object.entries(stored)) {
    if (typeof v !== 'object' || v === null) continue;
    const hashes: Record<string, string> = {};
    for (const [p, h] of Object.entries(v)) if (typeof h === 'string') hashes[p] = h;
    out[k] = hashes;
  }
  return out;
}

/** `memory` with `key` set to `value`, moved to the end; the oldest keys past MAX_REMEMBERED dropped. */
export function remember<T>(memory: Record<string, T>, key: string, value: T): Record<string, T> {
  const next = { ...memory };
  delete next[key];
  next[key] = value;
  const keys = Object.keys(next);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_REMEMBERED))) delete next[old];
  return next;
}

/** The sent hashes after putting `files` in: earlier paths kept, these updated. */
export function afterSending(
  sent: Readonly<Record<string, string>>,
  files: readonly { path: string; hash: string }[],
): Record<string, string> {
  const next = { ...sent };
  for (const f of files) next[f.path] = f.hash;
  return next;
}

/**
 * What "Send changed files again" would send: of the ticked files read, those put into this conversation
 * before whose content has changed since. A ticked file never put in is not "changed" (the first Insert
 * sends it); the reason says why nothing would be sent.
 */
export function changedSince(
  sent: Readonly<Record<string, string>>,
  ticked: readonly { path: string; hash: string }[],
): { files: string[]; reason?: string } {
  const before = ticked.filter((f) => sent[f.path] !== undefined);
  if (before.length === 0)
    return { files: [], reason: 'None of the ticked files was put into this conversation yet.' };
  const files = before.filter((f) => sent[f.path] !== f.hash).map((f) => f.path);
  if (files.length === 0)
    return { files, reason: 'No ticked file changed since it was last put into this conversation.' };
  return { files };
}
