/** Every site adapter, one line each (a new site = one adapter file + saved pages + one line here). */
import { genericAdapter } from '../generic/generic-adapter';
import { aistudio } from './aistudio';
import { arena } from './arena';
import { chatgpt } from './chatgpt';
import { claude } from './claude';
import { copilot } from './copilot';
import { deepseek } from './deepseek';
import { doubao } from './doubao';
import { gemini } from './gemini';
import { githubCopilot } from './github-copilot';
import { grok } from './grok';
import { huggingchat } from './huggingchat';
import { kimi } from './kimi';
import { librechat } from './librechat';
import { meta } from './meta';
import { mistral } from './mistral';
import { openrouter } from './openrouter';
import { openwebui } from './openwebui';
import { perplexity } from './perplexity';
import { qwen } from './qwen';
import { t3chat } from './t3chat';
import type { SiteAdapter } from './types';
import { zai } from './zai';

export const ADAPTERS: readonly SiteAdapter[] = [
  chatgpt,
  claude,
  gemini,
  aistudio,
  deepseek,
  grok,
  perplexity,
  mistral,
  copilot,
  openwebui,
  librechat,
  kimi,
  qwen,
  openrouter,
  t3chat,
  huggingchat,
  zai,
  meta,
  githubCopilot,
  arena,
  doubao,
];

/**
 * Chat apps people host themselves: no fixed host, the user adds the origin they serve it at. `generic`:
 * any other chat, read with the generic reader.
 */
export type SelfHostedKind = 'openwebui' | 'librechat' | 'generic';
const SELF_HOSTED: Readonly<Record<Exclude<SelfHostedKind, 'generic'>, SiteAdapter>> = {
  openwebui,
  librechat,
};

/**
 * The adapter for a page URL: by exact host name for the public sites, else by exact origin among
 * the self-hosted origins the user added (`{ 'https://chat.example.org': 'openwebui' }`); undefined
 * on sites we do not read.
 */
export function adapterFor(
  url: string | URL,
  extraOrigins: Readonly<Record<string, SelfHostedKind>> = {},
): SiteAdapter | undefined {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return undefined;
  }
  const fixed = ADAPTERS.find((a) => a.hosts.includes(parsed.hostname) && underPrefix(parsed, a.pathPrefix));
  if (fixed) return fixed;
  for (const [origin, kind] of Object.entries(extraOrigins))
    if (originOf(origin) === parsed.origin) return adapterForOrigin(parsed.origin, kind);
  return undefined;
}

/** `/copilot` takes `/copilot` and `/copilot/c/…`, not `/copilotx` (the match pattern `/copilot*` does). */
function underPrefix(url: URL, prefix: string | undefined): boolean {
  return prefix === undefined || url.pathname === prefix || url.pathname.startsWith(`${prefix}/`);
}

/** `https://Chat.Example.org/` → `https://chat.example.org`, as `URL.origin` spells it. */
function originOf(text: string): string | undefined {
  try {
    return new URL(text).origin;
  } catch {
    return undefined;
  }
}

/**
 * A self-hosted app's adapter bound to one origin (`http://localhost:3000`): its `hosts` and
 * `matches` name that origin, for the manifest's dynamic content scripts. Undefined for anything
 * that is not an http(s) origin.
 */
export function adapterForOrigin(origin: string, kind: SelfHostedKind): SiteAdapter | undefined {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  if (kind === 'generic') return genericAdapter(undefined, parsed.origin);
  if (!Object.hasOwn(SELF_HOSTED, kind)) return undefined;
  return { ...SELF_HOSTED[kind], hosts: [parsed.hostname], matches: [`${parsed.origin}/*`] };
}
