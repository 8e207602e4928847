/**
 * Which project folder a reply applies to: remembered per conversation (a chat usually works on one
 * project), with the last folder used as the default for a new conversation and a short recent list.
 * The memory is a plain object kept in chrome.storage.local; the functions over it are pure.
 */

export interface FolderMemory {
  /** The last folder chosen anywhere. */
  last?: string;
  /** Most recent first, no duplicates, at most MAX_RECENT. */
  recent: string[];
  /** `${site}:${conversationId}` → folder, oldest entry first. */
  byConversation: Record<string, string>;
}

export const MAX_RECENT = 8;
/** Old conversations are forgotten first so the memory cannot grow without bound in storage. */
export const MAX_CONVERSATIONS = 500;
export const STORAGE_KEY = 'folders';

export function emptyMemory(): FolderMemory {
  return { recent: [], byConversation: {} };
}

/** The key of a conversation, or undefined when the reply did not come from a known conversation. */
export function conversationKey(site: string, conversationId?: string): string | undefined {
  return conversationId ? `${site}:${conversationId}` : undefined;
}

/** The folder for this conversation; else the last folder used; else none. */
export function folderFor(memory: FolderMemory, key?: string): string | undefined {
  return (key !== undefined ? memory.byConversation[key] : undefined) ?? memory.last;
}

/** The memory after choosing `folder` (for the conversation `key`, when known). */
export function rememberFolder(memory: FolderMemory, folder: string, key?: string): FolderMemory {
  const recent = [folder, ...memory.recent.filter((f) => f !== folder)].slice(0, MAX_RECENT);
  const byConversation = { ...memory.byConversation };
  if (key !== undefined) {
    // Re-inserting moves the key to the end, so the oldest conversations are the ones trimmed.
    delete byConversation[key];
    byConversation[key] = folder;
    const keys = Object.keys(byConversation);
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_CONVERSATIONS))) delete byConversation[old];
  }
  return { last: folder, recent, byConversation };
}

/** Reads whatever is stored, keeping only well-formed parts (an older version may have left anything). */
export function readMemory(stored: unknown): FolderMemory {
  const memory = emptyMemory();
  if (typeof stored !== 'object' || stored === null) return memory;
  const s = stored as Record<string, unknown>;
  if (typeof s.last === 'string' && s.last) memory.last = s.last;
  if (Array.isArray(s.recent))
    memory.recent = [
      ...new Set(s.recent.filter((f): f is string => typeof f === 'string' && f !== '')),
    ].slice(0, MAX_RECENT);
  if (typeof s.byConversation === 'object' && s.byConversation !== null) {
    for (const [k, v] of Object.entries(s.byConversation))
      if (typeof v === 'string' && v) memory.byConversation[k] = v;
  }
  return memory;
}

export async function loadFolders(): Promise<FolderMemory> {
  const v = await chrome.storage.local.get(STORAGE_KEY);
  return readMemory(v[STORAGE_KEY]);
}

/** Stores the choice and returns the new memory. */
export async function chooseFolder(folder: string, key?: string): Promise<FolderMemory> {
  const next = rememberFolder(await loadFolders(), folder, key);
  await chrome.storage.local.set({ [STORAGE_KEY]: next });
  return next;
}
