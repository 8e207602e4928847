/**
 * Self-hosted chat apps (Open WebUI, LibreChat) live at an origin only the user knows. The user adds it
 * in the options page, which asks for that one origin's permission; the background then registers the
 * content script there. Stored in chrome.storage.local as `{ [origin]: kind }`.
 */
import type { SelfHostedKind } from '../content/sites/registry';

export const SELF_HOSTED_KEY = 'selfHosted';
/** Site ids whose adapter the user switched off: the generic reader reads those sites (a `string[]`). */
export const ADAPTERS_OFF_KEY = 'adaptersOff';
export const SELF_HOSTED_KINDS: readonly SelfHostedKind[] = ['openwebui', 'librechat', 'generic'];
export type SelfHosted = Record<string, SelfHostedKind>;

/** The origin of what the user typed (`chat.example.org:3000` → `https://chat.example.org:3000`), or why not. */
export function parseOrigin(input: string): { ok: true; origin: string } | { ok: false; message: string } {
  const text = input.trim();
  if (!text) return { ok: false, message: 'Type the address of your chat, e.g. https://chat.example.org' };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, message: `"${text}" is not a web address.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: 'Only http:// and https:// addresses can be added.' };
  }
  if (!url.hostname) return { ok: false, message: `"${text}" has no host name.` };
  return { ok: true, origin: url.origin };
}

export function readSelfHosted(stored: unknown): SelfHosted {
  const out: SelfHosted = {};
  if (typeof stored !== 'object' || stored === null) return out;
  for (const [origin, kind] of Object.entries(stored)) {
    const parsed = parseOrigin(origin);
    if (parsed.ok && parsed.origin === origin && SELF_HOSTED_KINDS.includes(kind as SelfHostedKind)) {
      out[origin] = kind as SelfHostedKind;
    }
  }
  return out;
}

/** Match patterns for the registered content script and the permission request. */
export function originPatterns(sites: SelfHosted): string[] {
  return Object.keys(sites).map((o) => `${o}/*`);
}

/** What the content script needs from storage to choose its reader. */
export interface ReaderSettings {
  selfHosted: SelfHosted;
  adaptersOff: string[];
}

export function readAdaptersOff(stored: unknown): string[] {
  return Array.isArray(stored)
    ? stored.filter((x): x is string => typeof x === 'string' && /^[a-z-]{1,40}$/.test(x))
    : [];
}

export function readReaderSettings(stored: Record<string, unknown>): ReaderSettings {
  return {
    selfHosted: readSelfHosted(stored[SELF_HOSTED_KEY]),
    adaptersOff: readAdaptersOff(stored[ADAPTERS_OFF_KEY]),
  };
}
