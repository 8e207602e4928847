/** Showing text from a reply where control characters could disguise it (a terminal, the review). */

/** The CLI's own SGR colour codes (native-host/cli/render.ts): the only escape sequences that reach a terminal. */
const OWN_SGR = /^\x1b\[(?:1|2|22|31|32|33|36|39)m/;
const HOSTILE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Reply text made harmless for a terminal: control characters (ESC, CR, backspace, C1) and bidi controls
 * are shown as escapes, so a reply cannot erase or reorder what the plan shows ("+evil()" rewritten as an
 * innocent line, a command shown as another). Tab and newline stay. With `keepStyle`, our own colour
 * codes pass; nothing else does.
 */
export function visible(text: string, keepStyle: boolean): string {
  return text.replace(HOSTILE, (c, offset: number) => {
    if (keepStyle && c === '\x1b') {
      const own = OWN_SGR.exec(text.slice(offset, offset + 8));
      if (own) return c;
    }
    const code = c.codePointAt(0)!;
    return code < 0x100
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `<U+${code.toString(16).toUpperCase()}>`;
  });
}
