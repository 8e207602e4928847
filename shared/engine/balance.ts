/**
 * A check that holds filled and replaced texts to the file's own structure (issue 26): when the file's
 * brackets balance, a text made from it by filling elisions or replacing definitions must balance too —
 * a kept range in the wrong place cuts a class or a block in two, and that is a wrong write however well
 * each anchor matched (Continue's class-method-addition did exactly that). Brackets in strings and
 * comments on a line are not counted; a file that does not balance by this count is not held to it.
 */

/** The depth of `{}`, `()` and `[]` at the end of the text, or null when a closer comes unopened. */
export function bracketDepth(lines: readonly string[]): number | null {
  const stack: string[] = [];
  const pairs: Record<string, string> = { '}': '{', ')': '(', ']': '[' };
  let block = false;
  for (const line of lines) {
    let code = line;
    if (block) {
      const end = code.indexOf('*/');
      if (end < 0) continue;
      code = code.slice(end + 2);
      block = false;
    }
    code = code
      .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, '""')
      .replace(/\/\*.*?\*\//g, '')
      .replace(/(?:\/\/|#).*$/, '');
    const open = code.indexOf('/*');
    if (open >= 0) {
      code = code.slice(0, open);
      block = true;
    }
    for (const c of code) {
      if (c === '{' || c === '(' || c === '[') stack.push(c);
      else if (c === '}' || c === ')' || c === ']') {
        if (stack.pop() !== pairs[c]) return null;
      }
    }
  }
  return stack.length;
}

/** The file balances and the text made from it does not: the reason, else null. */
export function unbalancedAgainst(file: readonly string[], made: readonly string[]): string | null {
  if (bracketDepth(file) !== 0) return null;
  const d = bracketDepth(made);
  if (d === 0) return null;
  return d === null
    ? 'a closing bracket in it has no opening one, where the file has none such'
    : `${d} bracket${d === 1 ? ' is' : 's are'} left open in it, where the file closes all of its own`;
}
