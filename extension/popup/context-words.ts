/** The words "Add files to the chat" shows: what the listing left out, where it stopped, what goes in. */
import type { SiteLimit, TokenCount } from '../../shared/context/tokens';
import type { Tree } from './context-pick';

/** Grouped in the English way ("1,234") whatever the browser's language: the popup's words are English. */
export const formatNumber = (n: number) => new Intl.NumberFormat('en-US').format(n);

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** "Left out: 3 binary files, 1 link." — nothing when nothing was. */
export function skippedWords(skipped: Tree['skipped']): string {
  const parts = [
    skipped.binary > 0 && plural(skipped.binary, 'binary file', 'binary files'),
    skipped.links > 0 && plural(skipped.links, 'link', 'links'),
    skipped.special > 0 &&
      plural(
        skipped.special,
        'special file (pipe, socket or device)',
        'special files (pipes, sockets, devices)',
      ),
    skipped.unreadable > 0 && plural(skipped.unreadable, 'unreadable file', 'unreadable files'),
    skipped.unsafeNames > 0 &&
      plural(
        skipped.unsafeNames,
        'file with a name ReplyApply cannot use',
        'files with names ReplyApply cannot use',
      ),
  ].filter((p): p is string => typeof p === 'string');
  return parts.length === 0 ? '' : `Left out: ${parts.join(', ')}.`;
}

/** Why the list may be short of the folder's files; nothing when the host listed them all. */
export function stoppedWords(stopped: Tree['stopped']): string {
  if (!stopped) return '';
  if (stopped.bound === 'entries')
    return `The list stops at ${formatNumber(stopped.limit)} entries: the folder has more files than are shown.`;
  const seconds = (stopped.limit / 1000).toFixed(1).replace(/\.0$/, '');
  return `The list stopped after ${seconds} seconds (the host's bound): the folder has more files than are shown.`;
}

/** "1,234 tokens", or "≈1,234 tokens (estimate)" where the site's tokenizer is not known. */
export function tokenWords(t: TokenCount): string {
  return t.exact
    ? `${plural(t.count, 'token', 'tokens')}`
    : `≈${plural(t.count, 'token', 'tokens')} (estimate)`;
}

/** A file's count in its row: "1,234", or "≈1,234" for an estimate. */
export function rowTokens(t: TokenCount): string {
  return `${t.exact ? '' : '≈'}${formatNumber(t.count)}`;
}

/** "3.2 MiB", "512 KiB", "80 bytes". */
export function sizeWords(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return plural(bytes, 'byte', 'bytes');
}

export const filesWords = (n: number) => plural(n, 'file', 'files');

/** "3 files, 1,234 tokens" — what goes into the chat. */
export function summaryWords(files: number, total: TokenCount): string {
  return `${filesWords(files)}, ${tokenWords(total)}`;
}

/** The site's window beside the total, and whether the total is over it. */
export function limitWords(
  total: TokenCount,
  limit: SiteLimit | undefined,
  siteName: string,
): { text: string; over: boolean } {
  if (!limit) return { text: `${siteName} publishes no context window to compare with.`, over: false };
  const over = total.count > limit.tokens;
  const window = `${formatNumber(limit.tokens)} tokens (${limit.says})`;
  return over
    ? { text: `More than ${siteName}'s context window of ${window}: the model will not see all of it.`, over }
    : { text: `${siteName}'s context window: ${window}.`, over };
}
