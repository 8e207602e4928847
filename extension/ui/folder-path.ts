/** Absolute folder paths as the host reports them: POSIX ("/home/ada") or Windows ("C:\Users\ada"). */

const WINDOWS = /^[A-Za-z]:[\\/]/;

/** Each step from the top down to `path`, as [label, path]. */
export function breadcrumbs(path: string): [string, string][] {
  if (WINDOWS.test(path)) {
    const [drive, ...parts] = path.split(/[\\/]/).filter(Boolean);
    let acc = `${drive}\\`;
    const out: [string, string][] = [[drive!, acc]];
    for (const part of parts) {
      acc = acc.endsWith('\\') ? `${acc}${part}` : `${acc}\\${part}`;
      out.push([part, acc]);
    }
    return out;
  }
  const out: [string, string][] = [['/', '/']];
  let acc = '';
  for (const part of path.split('/').filter(Boolean)) {
    acc = `${acc}/${part}`;
    out.push([part, acc]);
  }
  return out;
}

export function joinPath(dir: string, name: string): string {
  const sep = WINDOWS.test(dir) ? '\\' : '/';
  return dir.endsWith('/') || dir.endsWith('\\') ? `${dir}${name}` : `${dir}${sep}${name}`;
}

/** A typed folder must be absolute: the host resolves nothing relative to its own working folder. */
export function isAbsoluteFolder(path: string): boolean {
  return path.startsWith('/') || WINDOWS.test(path);
}

/** The last part of a path, for compact display. */
export function baseName(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts.at(-1) ?? path;
}
