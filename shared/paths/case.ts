/**
 * Names that differ only in letter case (issue 25): `README.md` and `readme.md`, `Src/app.js` and
 * `src/app.js`. On a case-insensitive file system (macOS, Windows) they are one file; on Linux, two. A
 * reply that names a file in another case means the file that exists, and a second file beside it is a
 * wrong write everywhere: the plan offers the existing one as a guess (resolve-paths.ts, `resolveCase`),
 * the host lists a missing path's variants (native-host/fs/case-variants.ts) and refuses to create a
 * twin (native-host/fs/case-twins.ts). All of them compare names by this one key.
 */

/**
 * A name (or a path: segment by segment is the same) as a case-insensitive file system compares it: in
 * lower case, composed (macOS also takes é and e + ◌́ for one name).
 */
export function caseKey(name: string): string {
  // ASCII is its own NFC form: most names skip the normalizer (30,000 names of a 10,000-file diff).
  return (ASCII.test(name) ? name : name.normalize('NFC')).toLowerCase();
}
const ASCII = /^[\x00-\x7f]*$/;

/** Two different names that a case-insensitive file system takes for one. */
export function caseTwins(a: string, b: string): boolean {
  return a !== b && caseKey(a) === caseKey(b);
}
