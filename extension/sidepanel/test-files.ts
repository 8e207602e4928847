/** Test helper: the stand-in host's `readFiles` answer for the panel's tests, from a map of file texts. */
export function readFilesAnswer(
  root: string,
  files: Readonly<Record<string, string>>,
  params: unknown,
): never {
  const { paths } = params as { paths: string[] };
  return {
    root,
    files: paths.map((path) =>
      files[path] === undefined
        ? { path, exists: false }
        : { path, exists: true, text: files[path], hash: `h-${path}`, size: 1, mode: 420 },
    ),
  } as never;
}
