/**
 * The message of the commit an apply makes when the user asks for one (issue 29): the first sentence of
 * the reply's prose — the assistant's own summary when its format has one (a structured-JSON "message",
 * a Markdown "# Plan"), else the reply's text outside code, diffs and file markers — on one line, at most
 * COMMIT_SUBJECT_MAX characters, prefixed `replyapply: `. A reply with no prose gives
 * `replyapply: apply 3 files`.
 */

export const COMMIT_PREFIX = 'replyapply: ';
/** The length of a subject line git tools show whole. */
export const COMMIT_SUBJECT_MAX = 72;

export function commitMessage(
  reply: { summary?: string | undefined; text?: string | undefined },
  files: number,
): string {
  return commitSubject(firstSentence(reply.summary ?? '') ?? firstSentence(reply.text ?? ''), files);
}

/** The message from a sentence found earlier (the CLI lets go of the reply's text before it writes). */
export function commitSubject(sentence: string | null, files: number): string {
  // Control characters (a NUL ends an argument; an escape would reach a terminal through `git log`) are
  // never part of the message.
  const words = sentence?.replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ').trim();
  if (!words) return `${COMMIT_PREFIX}apply ${files} file${files === 1 ? '' : 's'}`;
  return clip(`${COMMIT_PREFIX}${words}`, COMMIT_SUBJECT_MAX);
}

/** Lines that are code, a diff or a file marker of a format, never prose. */
const NOT_PROSE =
  /^(?:---|\+\+\+|@@|\*\*\*|<<<<<<<|=======|>>>>>>>|diff --git|index [0-9a-f]|[<{[|]|```|~~~|\$ )/;

/** The first sentence of the prose in `text`, as plain words on one line; null when there is none. */
export function firstSentence(text: string): string | null {
  // Reasoning before the answer (`<think>…</think>`, or only its closing tag on the page) is not the answer.
  let t = text.replace(/<think(?:ing)?>[\s\S]*?<\/think(?:ing)?>/gi, '');
  const close = t.search(/<\/think(?:ing)?>/i);
  if (close !== -1) t = t.slice(t.indexOf('>', close) + 1);
  let fence: string | null = null;
  // After a diff or marker line, its body runs to the next blank line (a delimiter block to its end).
  let block: 'paragraph' | 'file' | null = null;
  for (const raw of t.split(/\r?\n/)) {
    const line = raw.trim();
    if (block === 'file') {
      if (/^-{3}\s*END[-_ ]FILE\b/i.test(line)) block = null;
      continue;
    }
    const f = /^(`{3,}|~{3,})/.exec(line);
    if (fence !== null) {
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length) fence = null;
      continue;
    }
    if (f) {
      fence = f[1]!;
      continue;
    }
    if (line === '') {
      block = null;
      continue;
    }
    if (/^-{3}\s*START[-_ ]FILE\b/i.test(line)) {
      block = 'file';
      continue;
    }
    if (NOT_PROSE.test(line)) block = 'paragraph';
    if (block !== null) continue;
    const words = line
      .replace(/^(?:#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+)+/, '')
      .replace(/\*\*|__/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (!/\p{L}/u.test(words)) continue;
    // A sentence ends at . ! or ? followed by a space or the end (`app.txt` and `e.g` go on).
    const end = /[.!?](?=\s|$)/.exec(words);
    const sentence = (end ? words.slice(0, end.index) : words).replace(/[\s:;,]+$/, '').trim();
    if (/\p{L}/u.test(sentence)) return sentence;
  }
  return null;
}

/** `s` cut to `max` characters at a word boundary, with an ellipsis when cut. */
function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > COMMIT_PREFIX.length ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The message of the commit that reverts `hash` (git revert's own shape). */
export function revertMessage(subject: string, hash: string): string {
  return `Revert "${subject}"\n\nThis reverts commit ${hash}.\n`;
}
