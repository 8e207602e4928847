/**
 * A text cut into parts of at most `size` UTF-16 code units, never between the two halves of a surrogate
 * pair: a message carries each part as UTF-8, where half a pair is not a character and would come back
 * as U+FFFD. Joined, the parts are the text.
 */
export function textParts(text: string, size: number): string[] {
  if (size < 2) throw new RangeError(`A part must hold at least 2 code units, not ${size}.`);
  const parts: string[] = [];
  let at = 0;
  while (at < text.length) {
    let end = Math.min(at + size, text.length);
    const last = text.charCodeAt(end - 1);
    // A high surrogate at the cut: its low half goes with it into the next part.
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    parts.push(text.slice(at, end));
    at = end;
  }
  return parts;
}
