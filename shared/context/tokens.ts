/**
 * How many tokens the files put into the chat take (issue 41), and how many the site's model can hold.
 *
 * - ChatGPT: counted exactly with o200k_base, the tokenizer of the GPT-4o, o-series and GPT-5 models
 *   ChatGPT serves (gpt-tokenizer, the encoding module alone: the popup loads one rank table, not four).
 *   Text that looks like a special token (`<|endoftext|>`) is counted as the plain text it is, as the
 *   chat sends a user's text; the library would throw on it by default.
 * - Every other site: an estimate, and said to be one. Anthropic has not published the tokenizer of
 *   Claude 3 and later (@anthropic-ai/tokenizer is the one of the older models, so it is not used as if
 *   exact), nor Google Gemini's in a form a page can run. The rule is the one Google documents for Gemini,
 *   "a token is equivalent to about 4 characters" (https://ai.google.dev/gemini-api/docs/tokens), and
 *   OpenAI for English text ("1 token ≈ 4 chars", https://help.openai.com/en/articles/4936856): the
 *   UTF-16 length divided by 4, rounded up. It is cheap, so nothing waits for it.
 *
 * 1 MiB of source text takes about 115–140 ms with o200k_base on this project's 2-core machine (185 ms when busy)
 * (scripts/bench-tokens.mjs), so the popup counts file by file, keeps each count by path and content hash
 * (TokenCache), and lets the page breathe between files (countEach), instead of counting the whole
 * selection again at each tick.
 */
import { countTokens as o200kCount } from 'gpt-tokenizer/encoding/o200k_base';

export interface TokenCount {
  count: number;
  /** Counted with the site's own tokenizer; false for an estimate. */
  exact: boolean;
  /** The tokenizer used (`o200k_base`), or how the estimate was made. */
  tokenizer: string;
}

/** Sites whose models' tokenizer is public and bundled here, by site id (extension/content/sites/). */
const EXACT: Readonly<Record<string, 'o200k_base'>> = { chatgpt: 'o200k_base' };

export const ESTIMATE_RULE = 'estimate: characters ÷ 4';

/** Special-token look-alikes in a file are ordinary text: none is allowed, none refused. */
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

export function isExactFor(site: string): boolean {
  return Object.hasOwn(EXACT, site);
}

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function countTokens(text: string, site: string): TokenCount {
  if (isExactFor(site)) {
    return { count: text === '' ? 0 : o200kCount(text, AS_PLAIN_TEXT), exact: true, tokenizer: EXACT[site]! };
  }
  return { count: estimateTokens(text), exact: false, tokenizer: ESTIMATE_RULE };
}

export interface SiteLimit {
  /** The context window in tokens, for the plan `says` names first. */
  tokens: number;
  /** Which plan and model that is, then the others' windows, in a few words ("Plus, Instant; Free 16K"). */
  says: string;
  source: string;
}

/**
 * The context window each site's help pages give, where one is public; undefined elsewhere. The chat
 * sites give it per plan and model, so `tokens` is the plan most people who paste a project use (the
 * first paid one), and `says` names the rest. Checked December 2026; sites change these often.
 */
const LIMITS: Readonly<Record<string, SiteLimit>> = {
  // OpenAI's "GPT-5.x in ChatGPT" help article (its slug follows the model; the number stays): Instant
  // 16K on Free, 32K on Plus and Business, 128K on Pro and Enterprise; Thinking larger on paid plans.
  chatgpt: {
    tokens: 32_000,
    says: 'Plus, Instant; Free 16K, Pro 128K, Thinking more',
    source: 'https://help.openai.com/en/articles/11909943',
  },
  // "Claude's context window size is 200K … when using a paid Claude plan"; some Opus and Sonnet models
  // 500K on paid plans.
  claude: {
    tokens: 200_000,
    says: 'paid plans; some models 500K',
    source:
      'https://support.claude.com/en/articles/8606394-how-large-is-the-context-window-on-paid-claude-plans',
  },
  // Gemini Apps limits: 32K without a Google AI plan, 1M on Google AI Pro and Ultra.
  gemini: {
    tokens: 1_000_000,
    says: 'Google AI Pro and Ultra; 32K without a plan',
    source: 'https://support.google.com/gemini/answer/16275805',
  },
  // AI Studio runs the API models: Gemini 2.5 Pro and Flash take 1,048,576 input tokens.
  aistudio: {
    tokens: 1_048_576,
    says: 'Gemini 2.5 Pro and Flash in AI Studio',
    source: 'https://ai.google.dev/gemini-api/docs/models',
  },
};

export function siteLimit(site: string): SiteLimit | undefined {
  return Object.hasOwn(LIMITS, site) ? LIMITS[site] : undefined;
}

/**
 * Counts kept by tokenizer, path and content hash: a file the popup counted once is not counted again
 * while its content is the same (ticking, filtering and reopening the picker count nothing new). Bounded:
 * the oldest counts go first past `max`.
 */
export class TokenCache {
  private readonly counts = new Map<string, TokenCount>();
  constructor(private readonly max = 5_000) {}

  private static key(site: string, path: string, hash: string): string {
    return `${isExactFor(site) ? EXACT[site] : 'estimate'}\0${path}\0${hash}`;
  }

  get(site: string, path: string, hash: string): TokenCount | undefined {
    return this.counts.get(TokenCache.key(site, path, hash));
  }

  /** The count of this content, counted now unless kept. */
  count(site: string, path: string, hash: string, text: string): TokenCount {
    const key = TokenCache.key(site, path, hash);
    const kept = this.counts.get(key);
    if (kept) return kept;
    const counted = countTokens(text, site);
    this.counts.set(key, counted);
    if (this.counts.size > this.max) this.counts.delete(this.counts.keys().next().value!);
    return counted;
  }

  get size(): number {
    return this.counts.size;
  }
}

export interface CountedFile {
  path: string;
  tokens: TokenCount;
}

/**
 * Counts files one at a time, awaiting `pause` after each file that had to be counted (not after one the
 * cache held), so a page stays responsive while a large selection is counted; `onFile` hears each count
 * as it comes. Stops early, with what it has, when `signal` aborts.
 */
export async function countEach(
  files: readonly { path: string; hash: string; text: string }[],
  site: string,
  cache: TokenCache,
  pause: () => Promise<void>,
  onFile?: (f: CountedFile) => void,
  signal?: { readonly aborted: boolean },
): Promise<CountedFile[]> {
  const out: CountedFile[] = [];
  for (const f of files) {
    if (signal?.aborted) break;
    const known = cache.get(site, f.path, f.hash);
    const tokens = known ?? cache.count(site, f.path, f.hash, f.text);
    out.push({ path: f.path, tokens });
    onFile?.({ path: f.path, tokens });
    if (!known) await pause();
  }
  return out;
}

/** A total for a line like "3 files, 1,234 tokens": exact only when every part was. */
export function totalOf(counts: readonly TokenCount[], site: string): TokenCount {
  const exact = counts.every((c) => c.exact) && isExactFor(site);
  return {
    count: counts.reduce((n, c) => n + c.count, 0),
    exact,
    tokenizer: exact ? EXACT[site]! : ESTIMATE_RULE,
  };
}
