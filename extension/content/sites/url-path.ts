/** The first capture of `pattern` on the path of a page URL; undefined when it does not match. */
export function pathMatch(url: string | URL, pattern: RegExp): string | undefined {
  let pathname: string;
  try {
    ({ pathname } = typeof url === 'string' ? new URL(url) : url);
  } catch {
    return undefined;
  }
  return pattern.exec(pathname)?.[1];
}
