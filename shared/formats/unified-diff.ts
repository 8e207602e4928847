/**
 * Unified diffs: a tolerant reader used by every format that carries diff text, and the
 * `unified-diff` format itself (a ```diff / ```patch fence, or a bare diff in the reply text).
 *
 * Grammar (one section per file; every line is read with a trailing `\r` ignored, but hunk lines
 * keep theirs — the engine deals with line endings):
 *
 *   section   := header* hunk*
 *   header    := "diff --git " A " " B              (git; names are the fallback paths)
 *              | "diff " anything                   (diff -urN …; starts a new section)
 *              | "Index: " path | "====…"           (svn noise)
 *              | git-ext                            (only right after "diff --git")
 *              | "--- " path [TAB|SP timestamp] NL "+++ " path [TAB|SP timestamp]
 *   git-ext   := "new file mode" | "deleted file mode" | "old mode" | "new mode" | "index …"
 *              | "similarity index" | "dissimilarity index" | "rename from|to" | "copy from|to"
 *              | "Binary files … differ" | "GIT binary patch" …
 *   hunk      := "@@ -a[,b] +c[,d] @@ [section]" body | "@@" [" ... @@" | text] body   (bare: no numbers)
 *   body      := (" " | "-" | "+") text | "\ No newline at end of file"
 *   path      := "a/" p | "b/" p | p | "/dev/null" | C-quoted string ("a/sp ace.txt", "\303\251")
 *
 * Named tolerances (each is a habit of real model output, tested in unified-diff.test.ts):
 * - wrong or missing hunk counts: the body is recounted and wins; a mismatch is an info diagnostic;
 * - blank context lines that lost their leading space: an empty line inside a hunk is empty context
 *   when more hunk lines follow it (and, when the header's counts are short by exactly that many
 *   lines, also at the very end of the hunk);
 * - an unprefixed line inside a fenced hunk (`}` in column 0) with more hunk lines after it, or
 *   at its end while the counts still expect lines, is an unchanged line whose space was lost
 *   (a warning);
 * - `--- x` inside a hunk is a removed line "-- x" while the header's counts still expect old lines,
 *   otherwise (with a `+++` line after it) the header of the next file;
 * - a `diff --git` section without ---/+++ lines takes its paths from the `diff --git` line;
 * - an `a/`/`b/` prefix on one side only (`--- src/a.ts` / `+++ b/src/a.ts`) names one file;
 * - unreadable `@@` headers (`@@ +1 0,0 @@`) become bare hunks, located by their context;
 * - a non-git creation written with an epoch timestamp and `@@ -0,0` (GNU diff -N) is a new file;
 * - (format only) a diff fence with hunks but no file names takes the path named by the fence's
 *   info string or the line before it; one named in the sentence before it is only a guess.
 * Nothing here throws on bad input; odd input becomes a diagnostic.
 */
import type { Diagnostic, Hunk, Op, SearchReplaceEdit } from '../changeset/changeset';
import { lazyHunk } from '../changeset/lazy-hunk';
import { stripDiffPrefix } from '../paths/paths';
import { pushAll } from '../text/push-all';
import { dedent, type Fence, findFences, forgetSplit, sharedSplit, stripWrappingFence } from './fences';
import { bestHint, GUESS_HINTS, type HintKind, hintsAbove, pathFromInfo } from './path-hints';
import type { FormatParser, ParsedBlock } from './types';

export interface DiffFile {
  /** Path before the change, `a/` stripped; null for /dev/null (or a diff without names). */
  oldPath: string | null;
  /** Path after the change, `b/` stripped; null for /dev/null. */
  newPath: string | null;
  hunks: Hunk[];
  isNew: boolean;
  isDelete: boolean;
  isRename: boolean;
  /** git `copy from`/`copy to`: newPath starts as a copy of oldPath, which is kept. */
  isCopy: boolean;
  /** The ---/+++ names as written, before any prefix was stripped (absent: no such header). */
  written?: { old: string | null; new: string | null };
  /** A `diff --git` section: its names are -p1 by definition. */
  git?: boolean;
  /** Its `index` line names git's empty blob as the old side: the file was empty. */
  fromEmpty?: boolean;
  /** The name on an `Index:` line before it, when that is neither of its ---/+++ names. */
  indexName?: string;
  /** 1-based reply line where the file's section starts. */
  line: number;
}

interface ScanOptions {
  /** Stop at the first line that cannot belong to a diff (bare diffs in reply prose). */
  bare: boolean;
  /** Hunks before any file header belong to one nameless file (bodies inside FILE_PATCH etc.). */
  headerless: boolean;
}

interface ScanResult {
  files: DiffFile[];
  diagnostics: Diagnostic[];
  /** Index after the last line that belonged to the diff. */
  end: number;
}

interface HunkBuilder {
  hunk: Hunk;
  line: number;
  unprefixedWarned?: boolean;
  /** Unprefixed lines before this index are the hunk's first unchanged lines (see leadsToChange). */
  leadInEnd?: number;
  hasCounts: boolean;
  oldSeen: number;
  newSeen: number;
}

interface FileBuilder {
  file: DiffFile;
  git: boolean;
  /** Still in the extended-header zone right after `diff --git`. */
  inHeader: boolean;
  /** ---/+++ were read. */
  hasHeaders: boolean;
  gitOld: string | null;
  gitNew: string | null;
  oldEpoch: boolean;
  newEpoch: boolean;
  binary: boolean;
  /** What a git mode line made of the file when it is no regular file (mode 120000, 160000). */
  special: string | null;
}

const HUNK_HEADER = /^@@+[ \t]*-(\d+)(?:,(\d+))?[ \t]+\+(\d+)(?:,(\d+))?[ \t]*@@+(.*)$/;
/** Timestamp written with a space instead of a tab (GNU diff in some locales, svn). */
const SPACE_TIMESTAMP =
  /[ \t]+(?:\d{4}-\d\d-\d\d[ T]\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:[ \t]*[+-]\d\d:?\d\d)?|\((?:revision \d+|working copy|nonexistent)\)|[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \d{4})[ \t]*$/;
/** How far the first lines of a bare hunk may run without a prefix before its first change. */
const LEAD_IN = 40;

const BACKUP_SUFFIX = /(?:\.orig|\.old|\.bak|~)$/;
/** `YYYY-MM-DD HH:MM:SS[.frac] [±HHMM]`, the stamp GNU diff writes. */
const STAMP = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\.\d+)?(?:[ \t]*([+-])(\d\d):?(\d\d))?/;

/** GNU `diff -N` writes a missing file dated at the epoch, in the local time zone (`1970-01-01 09:00 +0900`). */
function isEpoch(stamp: string): boolean {
  const m = STAMP.exec(stamp);
  if (!m) return false;
  const [, y, mo, d, h, mi, sec, sign, oh, om] = m;
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) : 0;
  const utc =
    Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec)) - offset * 60_000;
  return utc === 0;
}

function stripCr(line: string): string {
  return line.length > 0 && line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line;
}

/** Read every file section of a unified diff. `firstLine` is the reply line of `text`'s first line. */
export function parseUnifiedDiff(
  text: string,
  firstLine = 1,
): { files: DiffFile[]; diagnostics: Diagnostic[] } {
  const lines = text.split('\n');
  const r = scanDiff(lines, 0, lines.length, firstLine, { bare: false, headerless: false });
  return { files: r.files, diagnostics: r.diagnostics };
}

/**
 * Hunks of a diff body that may lack ---/+++ headers (START-PATCH, FILE_PATCH): every hunk of every
 * section, in order. `lines[0]` is reply line `firstLine`.
 */
export function parseHunks(lines: string[], firstLine: number): { hunks: Hunk[]; diagnostics: Diagnostic[] } {
  const r = scanDiff(lines, 0, lines.length, firstLine, { bare: false, headerless: true });
  const hunks: Hunk[] = [];
  for (const f of r.files) pushAll(hunks, f.hunks);
  return { hunks, diagnostics: r.diagnostics };
}

/** The ChangeSet operations one diff section stands for (empty when it changes nothing we apply). */
export function diffFileToOps(file: DiffFile): Op[] {
  const { oldPath, newPath, hunks, line } = file;
  if (file.isDelete && hunks.length === 0) return oldPath ? [{ kind: 'delete', path: oldPath, line }] : [];
  if (file.isRename && hunks.length === 0 && oldPath && newPath && !file.isNew && !file.isDelete)
    return [{ kind: 'rename', from: oldPath, to: newPath, line }];
  if (file.isCopy && oldPath && newPath) {
    // No copy op of its own: the patch starts from the source's content (copyFrom). An engine that
    // does not know copyFrom finds no file at `path` and refuses, which is safe.
    return [{ kind: 'patch', path: newPath, copyFrom: oldPath, copyOfOriginal: true, hunks, line }];
  }
  if (hunks.length === 0 && !file.isNew) return [];
  // `diff -u a.c.orig a.c`: the backup copy is not the file to change.
  const backup = oldPath && newPath && BACKUP_SUFFIX.exec(oldPath);
  const oldName = backup && oldPath!.slice(0, backup.index) === newPath ? newPath : oldPath;
  let path = file.isNew ? (newPath ?? oldName) : (oldName ?? newPath);
  if (!path) return [];
  const names = file.isRename || backup ? null : diffNames(file);
  if (names && names.sure.length > 0 && (!file.isNew || leadingFolderDiffers(file))) path = names.sure[0]!;
  const op: Op = { kind: 'patch', path, hunks, line };
  // The other names the diff may mean (the other side, other strip levels): the plan takes the one that
  // exists. Only where hunks can confirm it: a hunkless delete must name its file exactly.
  if (names && hunks.length > 0 && !file.isNew) {
    const sure = names.sure.filter((n) => n !== path);
    const guesses = names.guesses.filter((n) => n !== path && !sure.includes(n));
    if (sure.length + guesses.length > 0) {
      op.alias = { how: 'diff-names', written: path, paths: [...sure, ...guesses] };
      if (guesses.length > 0) op.alias.guessFrom = sure.length;
    }
  }
  if (file.isRename && newPath && newPath !== path) op.newPath = newPath;
  if (file.isNew) op.isNew = true;
  else if (file.fromEmpty) op.fromEmpty = true;
  if (file.isDelete) op.isDelete = true;
  return [op];
}

/**
 * The names a diff section may mean, most likely first (GNU patch and `git apply` rules). Sure:
 * - a traditional diff whose two names differ only in their first folder (`linux-vanilla/x` and
 *   `linux-mm3/x`, or `a/x` and `b/x`) was made from two trees: `-p1`, as `git apply` reads it;
 * - the names as written (an `a/`/`b/` pair already stripped), the old one first, as GNU patch does
 *   when only one of them exists.
 * Guesses: each deeper strip level (`-p2`, …), so that a diff made above the chosen folder still finds
 * its file — but no tool would strip them unasked, so the user must tick the result.
 */
function diffNames(file: DiffFile): { sure: string[]; guesses: string[] } {
  const sure: string[] = [];
  const guesses: string[] = [];
  const add = (to: string[], p: string | null | undefined) => {
    if (p && !sure.includes(p) && !guesses.includes(p)) to.push(p);
  };
  const old = file.isNew ? null : file.oldPath;
  const neu = file.isDelete ? null : file.newPath;
  const w = file.written;
  const twoTrees = !file.git && w !== undefined && leadingFolderDiffers(file);
  if (twoTrees) {
    const [o1, n1] = [stripLevels(w!.old)[1], stripLevels(w!.new)[1]];
    add(sure, file.isNew ? n1 : o1);
    add(sure, file.isNew ? o1 : n1);
  }
  const [lo, ln] = [stripLevels(old), stripLevels(neu)];
  add(sure, lo[0]);
  add(sure, ln[0]);
  add(sure, file.indexName);
  for (let k = 1; k < Math.max(lo.length, ln.length); k++) {
    add(guesses, lo[k]);
    add(guesses, ln[k]);
  }
  return { sure, guesses };
}

/** A name with 0, 1, 2, … leading folders stripped (`-p0`, `-p1`, …), empty segments left out. */
export function stripLevels(p: string | null): string[] {
  if (!p) return [];
  if (p.startsWith('/') || p.endsWith('/') || p.includes('//')) {
    const segs = p.split('/').filter((x) => x !== '');
    return segs.map((_, k) => segs.slice(k).join('/'));
  }
  // Every segment is a name: each level is the text after one more slash (ten thousand files' names).
  const out = [p];
  for (let at = p.indexOf('/'); at !== -1; at = p.indexOf('/', at + 1)) out.push(p.slice(at + 1));
  return out;
}

/** Both names have a folder, and their first folders differ: a diff of two trees (`diff -ru a b`). */
function leadingFolderDiffers(file: DiffFile): boolean {
  const w = file.written;
  if (!w || w.old === null || w.new === null) return false;
  const [a, b] = [w.old.split('/'), w.new.split('/')];
  return a.length >= 2 && b.length >= 2 && a[0] !== b[0] && a.slice(1).join('/') === b.slice(1).join('/');
}

/** A file section starting at reply line `line`, nothing read of it yet. */
function fileBuilder(line: number, git: boolean): FileBuilder {
  return {
    file: {
      oldPath: null,
      newPath: null,
      hunks: [],
      isNew: false,
      isDelete: false,
      isRename: false,
      isCopy: false,
      line,
    },
    git,
    inHeader: git,
    hasHeaders: false,
    gitOld: null,
    gitNew: null,
    oldEpoch: false,
    newEpoch: false,
    binary: false,
    special: null,
  };
}

/** The core reader over `lines[from, to)`; `lines[from]` is reply line `firstLine`. */
function scanDiff(
  lines: string[],
  from: number,
  to: number,
  firstLine: number,
  opts: ScanOptions,
): ScanResult {
  const files: DiffFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const lineNo = (i: number) => firstLine + (i - from);
  let fb: FileBuilder | null = null;
  let hb: HunkBuilder | null = null;
  let orphanWarned = false;
  let noiseWarned = -2;
  let pendingLine = -1; // index of an `Index:` or `diff ` line that opened the next section
  let pendingPath: string | null = null;
  let end = from;

  const newFile = (i: number, git: boolean): FileBuilder =>
    fileBuilder(lineNo(pendingLine >= 0 ? pendingLine : i), git);

  const finishHunk = () => {
    if (!hb) return;
    const b = hb;
    hb = null;
    if (b.hunk.lines.length === 0) {
      diagnostics.push({
        severity: 'warning',
        line: b.line,
        message: `The hunk at reply line ${b.line} is empty; it was skipped.`,
      });
      return;
    }
    const h = b.hunk;
    if (b.hasCounts) {
      if (h.oldLines !== b.oldSeen || h.newLines !== b.newSeen) {
        diagnostics.push({
          severity: 'info',
          line: b.line,
          message: `The hunk header at reply line ${b.line} says -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} but its body has ${b.oldSeen} old and ${b.newSeen} new lines; the body's counts are used.`,
        });
        h.oldLines = b.oldSeen;
        h.newLines = b.newSeen;
      }
    }
    if (fb) fb.file.hunks.push(h);
    else if (!orphanWarned) {
      orphanWarned = true;
      diagnostics.push({
        severity: 'warning',
        line: b.line,
        message: `The hunk at reply line ${b.line} has no ---/+++ file header, so it is not known which file it changes; it was skipped.`,
      });
    }
  };

  const finishFile = () => {
    finishHunk();
    if (!fb) return;
    const b = fb;
    fb = null;
    const f = b.file;
    if (b.git) f.git = true;
    // git's own check: the ---/+++ names of a `diff --git` section must be the names on its first line
    // (t4133's "inconsistent new filename"); a section that contradicts itself is not applied.
    const contradicts = (header: string | null, git: string | null) =>
      header !== null && git !== null && header !== git;
    if (
      b.git &&
      b.hasHeaders &&
      !f.isRename &&
      !f.isCopy &&
      (contradicts(f.oldPath, b.gitOld) || contradicts(f.newPath, b.gitNew))
    ) {
      diagnostics.push({
        severity: 'error',
        line: f.line,
        message: `The diff at reply line ${f.line} names ${b.gitOld} → ${b.gitNew} on its "diff --git" line but ${f.oldPath ?? '/dev/null'} → ${f.newPath ?? '/dev/null'} in its ---/+++ lines; which file it changes is not clear, so it was skipped.`,
      });
      return;
    }
    // A backslash in a diff's file name is part of the name on Unix (git t4135) but a folder separator
    // to a Windows tool: either reading could write a file the diff did not mean.
    const slashed = [f.oldPath, f.newPath].find((x) => x?.includes('\\'));
    if (slashed) {
      diagnostics.push({
        severity: 'error',
        line: f.line,
        message: `The diff at reply line ${f.line} names "${slashed}", with a backslash: it may be part of the name or separate folders, so the diff was skipped.`,
      });
      return;
    }
    if (b.git && !b.hasHeaders) {
      // Case: `diff --git` with hunks but no ---/+++ (models abbreviate git diffs), or a pure rename.
      if (f.oldPath === null && !f.isNew) f.oldPath = b.gitOld;
      if (f.newPath === null && !f.isDelete) f.newPath = b.gitNew;
    }
    if (f.oldPath === null && f.newPath === null && pendingPath !== null && !f.isNew && !f.isDelete) {
      f.oldPath = pendingPath;
      f.newPath = pendingPath;
    } else if (pendingPath !== null && pendingPath !== f.oldPath && pendingPath !== f.newPath) {
      // An `Index:` line naming another file than ---/+++ (svn; jsdiff's applyPatches keys files by it):
      // one more name the section may mean, resolved like the others.
      f.indexName = pendingPath;
    }
    // GNU `diff -N` writes a missing file as an empty one dated at the epoch.
    if (
      !b.git &&
      b.oldEpoch &&
      f.hunks.length > 0 &&
      f.hunks.every((h) => h.oldStart === 0 && h.oldLines === 0)
    )
      f.isNew = true;
    if (
      !b.git &&
      b.newEpoch &&
      f.hunks.length > 0 &&
      f.hunks.every((h) => h.newStart === 0 && h.newLines === 0)
    )
      f.isDelete = true;
    pendingPath = null;
    if (
      !b.git &&
      f.oldPath !== null &&
      f.newPath !== null &&
      f.oldPath !== f.newPath &&
      !f.isNew &&
      !f.isDelete &&
      !BACKUP_SUFFIX.test(f.oldPath)
    ) {
      // Case: `--- src/old.ts` / `+++ src/new.ts` without git's rename lines. Renaming on a guess
      // could lose a file; the hunks go to the name that exists (GNU patch's reading; see
      // diffFileToOps), and the user is told.
      diagnostics.push({
        severity: 'info',
        line: f.line,
        message: `The diff at reply line ${f.line} names ${f.oldPath} before and ${f.newPath} after, without git rename lines; it changes the one that exists, and nothing is renamed.`,
      });
    }
    if (b.special) {
      // A link's text is where it points: written as a file, it would be a different thing (git t4114).
      diagnostics.push({
        severity: 'error',
        line: f.line,
        message: `The diff at reply line ${f.line} makes or changes ${b.special} (${f.newPath ?? f.oldPath ?? 'unnamed'}), which is never written.`,
      });
      return;
    }
    if (b.binary) {
      // An error: the reply asks for a change that cannot be made, so applying the rest would not
      // be what it asked for (the CLI writes nothing; the side panel shows why).
      diagnostics.push({
        severity: 'error',
        line: f.line,
        message: `The diff at reply line ${f.line} changes a binary file (${f.newPath ?? f.oldPath ?? 'unnamed'}), which cannot be applied from text.`,
      });
      return;
    }
    if (f.oldPath === null && f.newPath === null && !opts.headerless) {
      if (f.hunks.length > 0 || f.isNew || f.isDelete)
        diagnostics.push({
          severity: 'warning',
          line: f.line,
          message: `The diff at reply line ${f.line} names no file; it was skipped.`,
        });
      return;
    }
    files.push(f);
  };

  /** True when lines[i] can continue a hunk body. */
  const isBody = (i: number, hunk: HunkBuilder): boolean => {
    const l = lines[i]!;
    const c = l.charCodeAt(0);
    if (c === 32 || c === 43 || c === 92) return true; // ' ' '+' '\'
    if (c !== 45) return false; // '-'
    return !isFileHeaderAt(i, hunk);
  };

  /** `--- x` + `+++ y` at i is a file header (not a removed "-- x" line) given the open hunk. */
  const isFileHeaderAt = (i: number, hunk: HunkBuilder | null): boolean => {
    const l = lines[i]!;
    if (!l.startsWith('--- ') || i + 1 >= to || !lines[i + 1]!.startsWith('+++ ')) return false;
    if (hunk?.hasCounts && hunk.oldSeen < (hunk.hunk.oldLines ?? 0)) return false;
    return true;
  };

  /** A line that opens something in a diff (used to bridge blank lines in bare diffs). */
  const isHeaderStart = (i: number): boolean => {
    const l = stripCr(lines[i]!);
    return (
      l.startsWith('diff ') ||
      l.startsWith('Index: ') ||
      (l.startsWith('@@') && fb !== null) ||
      isFileHeaderAt(i, null)
    );
  };

  /**
   * Whether a line without a hunk prefix at i sits inside the hunk: more hunk lines follow it
   * (possibly after blank lines), or it ends the diff while the header's counts still expect lines.
   */
  const continuesAsContext = (i: number, hunk: HunkBuilder): boolean => {
    const j = nextNonBlank(i + 1);
    if (j < to && isBody(j, hunk)) return true;
    if (!hunk.hasCounts || j < to) return false; // something else follows: prose, not the hunk
    const shortOld = (hunk.hunk.oldLines ?? 0) - hunk.oldSeen;
    return shortOld > 0 && shortOld === (hunk.hunk.newLines ?? 0) - hunk.newSeen;
  };

  /**
   * Where the change is that the unprefixed line at i, the first line of a bare `@@` hunk, leads to: a
   * shell script's or a Markdown file's first lines in column 0, their leading spaces lost (vimfiles
   * missing_leading_whitespace). Through more unprefixed lines, blank and unchanged ones, an added or
   * removed line must come within LEAD_IN lines, before anything that opens another part of a diff;
   * else -1. The engine still has to find every one of those lines in the file.
   */
  const leadsToChange = (i: number, hunk: HunkBuilder): number => {
    if (hunk.hasCounts || hunk.hunk.lines.length > 0) return -1;
    for (let j = i; j < to && j < i + LEAD_IN; j++) {
      const l = stripCr(lines[j]!);
      if (isHeaderLine(l) || isHeaderStart(j)) return -1;
      const c = l.charCodeAt(0);
      if (c === 43 || c === 45) return isBody(j, hunk) ? j : -1;
    }
    return -1;
  };

  /** Whether the unprefixed line at i is one of its bare hunk's first unchanged lines (leadsToChange). */
  const inLeadIn = (i: number, hunk: HunkBuilder): boolean => {
    hunk.leadInEnd ??= leadsToChange(i, hunk);
    return i < hunk.leadInEnd;
  };

  const nextNonBlank = (i: number): number => {
    let j = i;
    while (j < to && stripCr(lines[j]!).trim() === '') j++;
    return j;
  };

  let i = from;
  while (i < to) {
    const raw = lines[i]!;
    const l = stripCr(raw);

    if (hb) {
      const c = l.charCodeAt(0);
      // In prose, once the counts are met, a `--- `/`+++ ` line is not taken as a changed line:
      // it is far more often the next header or a delimiter (`--- END-PATCH: x ---`).
      const metInProse =
        opts.bare &&
        hb.hasCounts &&
        hb.oldSeen >= (hb.hunk.oldLines ?? 0) &&
        hb.newSeen >= (hb.hunk.newLines ?? 0) &&
        (l.startsWith('--- ') || l.startsWith('+++ '));
      if ((c === 32 || c === 43 || c === 45 || c === 92) && !metInProse) {
        if (!(c === 45 && isFileHeaderAt(i, hb))) {
          hb.hunk.lines.push(raw);
          if (c === 32) {
            hb.oldSeen++;
            hb.newSeen++;
          } else if (c === 45) hb.oldSeen++;
          else if (c === 43) hb.newSeen++;
          end = ++i;
          continue;
        }
      } else if (l === '') {
        const j = nextNonBlank(i);
        const shortOld = hb.hasCounts ? (hb.hunk.oldLines ?? 0) - hb.oldSeen : -1;
        const shortNew = hb.hasCounts ? (hb.hunk.newLines ?? 0) - hb.newSeen : -1;
        // In prose, a blank line ends the hunk once the counts are met, or met by the blank lines
        // themselves: the `- item` list after a bare diff is prose, not removed lines.
        const endsInProse =
          opts.bare && hb.hasCounts && shortOld === shortNew && shortOld >= 0 && shortOld <= j - i;
        // Case: a blank context line whose leading space the model (or a chat UI) dropped.
        if (j < to && isBody(j, hb) && !endsInProse) {
          for (; i < j; i++) {
            hb.hunk.lines.push(` ${lines[i]!}`);
            hb.oldSeen++;
            hb.newSeen++;
          }
          continue;
        }
        // Case: the same, at the very end of the hunk: trust the header's counts for how many
        // (not in prose, where a blank line before the next paragraph is always there).
        if (!opts.bare && shortOld > 0 && shortOld === shortNew && j - i >= shortOld) {
          for (let k = 0; k < shortOld; k++, i++) hb.hunk.lines.push(` ${lines[i]!}`);
          hb.oldSeen += shortOld;
          hb.newSeen += shortOld;
          end = i;
        }
      } else if (l.trim() === '~' && hb.hunk.lines.at(-1)?.startsWith('-')) {
        // udiffx's range removal: every line between the removed lines above and below is removed too.
        hb.hunk.lines.push('~');
        end = ++i;
        continue;
      } else if (
        !isHeaderLine(l) &&
        (inLeadIn(i, hb) ||
          (opts.bare
            ? // In a diff written straight into the reply, only when a hunk line follows at once (corpus: a
              // `def` joined to its docstring, in column 0, right after `@@ ... @@`), so that a paragraph
              // after the diff is never taken in.
              !hb.hasCounts && i + 1 < to && isBody(i + 1, hb)
            : continuesAsContext(i, hb)))
      ) {
        // Case: an unchanged line that lost its leading space (`}` or `def f():` in column 0) in
        // the middle of a hunk. Read as context: the engine still has to find it in the file, so
        // a wrong guess fails to apply instead of applying wrongly; it may also leave it out
        // (hunk-repairs.ts) when it is junk.
        if (!hb.unprefixedWarned) {
          hb.unprefixedWarned = true;
          diagnostics.push({
            severity: 'warning',
            line: lineNo(i),
            message: `Reply line ${lineNo(i)} inside the hunk at reply line ${hb.line} has no leading " ", "-" or "+"; it was read as an unchanged line.`,
          });
        }
        hb.hunk.loose = [...(hb.hunk.loose ?? []), hb.hunk.lines.length];
        hb.hunk.lines.push(` ${raw}`);
        hb.oldSeen++;
        hb.newSeen++;
        end = ++i;
        continue;
      }
      finishHunk();
      continue; // re-read this line outside the hunk
    }

    if (l.startsWith('@@')) {
      if (!fb && opts.headerless) fb = newFile(i, false);
      hb = startHunk(l, lineNo(i), diagnostics);
      end = ++i;
      continue;
    }
    if (l.startsWith('diff --git ')) {
      finishFile();
      pendingLine = -1;
      fb = newFile(i, true);
      const names = parseGitLine(l.slice(11));
      fb.gitOld = names[0];
      fb.gitNew = names[1];
      end = ++i;
      continue;
    }
    if (isFileHeaderAt(i, null)) {
      const oldH = parseHeaderPath(l.slice(4));
      const newH = parseHeaderPath(stripCr(lines[i + 1]!).slice(4));
      if (!(fb?.git && !fb.hasHeaders && fb.file.hunks.length === 0)) {
        finishFile();
        fb = newFile(i, false);
      }
      const b: FileBuilder = fb!;
      pendingLine = -1;
      b.hasHeaders = true;
      b.inHeader = false;
      // git's prefixes are `a/` on the old name and `b/` on the new one. Two `a/` names (or two `b/`) are
      // no such pair: a folder named `a` (the bundle of the project writes its paths so, and a reply
      // quotes them), kept as written; a deeper strip level is then only a guess (diffNames).
      const strip =
        b.git ||
        ((oldH.path === null || oldH.path.startsWith('a/')) &&
          (newH.path === null || newH.path.startsWith('b/')));
      const f = b.file;
      f.oldPath = oldH.path === null ? null : strip ? stripDiffPrefix(oldH.path) : oldH.path;
      f.newPath = newH.path === null ? null : strip ? stripDiffPrefix(newH.path) : newH.path;
      // Case: the prefix on one side only (`--- src/a.ts` / `+++ b/src/a.ts`): one file meant.
      if (!strip && f.oldPath !== null && f.newPath !== null && f.oldPath !== f.newPath) {
        const same = stripDiffPrefix(f.oldPath) === stripDiffPrefix(f.newPath);
        if (same && (f.oldPath === stripDiffPrefix(f.newPath) || f.newPath === stripDiffPrefix(f.oldPath))) {
          f.oldPath = stripDiffPrefix(f.oldPath);
          f.newPath = f.oldPath;
        }
      }
      f.written = { old: oldH.path, new: newH.path };
      if (oldH.path === null) f.isNew = true;
      if (newH.path === null) f.isDelete = true;
      b.oldEpoch = oldH.epoch;
      b.newEpoch = newH.epoch;
      i += 2;
      end = i;
      continue;
    }
    if (l.startsWith('diff ')) {
      // `diff -urN a b` / `diff a/x b/x`: the ---/+++ lines that follow carry the names.
      finishFile();
      pendingLine = i;
      end = ++i;
      continue;
    }
    if (l.startsWith('Index: ')) {
      finishFile();
      pendingLine = i;
      pendingPath = l.slice(7).trim() || null;
      end = ++i;
      continue;
    }
    if (/^={4,}\s*$/.test(l) && (pendingLine >= 0 || fb)) {
      end = ++i;
      continue;
    }
    if (fb?.inHeader && readGitHeader(l, fb)) {
      end = ++i;
      continue;
    }
    const binaryFiles = l.startsWith('Binary files ') ? /^Binary files (.*) and (.*) differ$/.exec(l) : null;
    if (binaryFiles && fb && (fb.hasHeaders || fb.file.hunks.length > 0 || hb)) {
      // `diff -r` writes the line alone, after the text file before it: a file of its own.
      finishFile();
      fb = newFile(i, false);
      fb.file.oldPath = stripDiffPrefix(binaryFiles[1]!);
      fb.file.newPath = stripDiffPrefix(binaryFiles[2]!);
    }
    if (fb && (l.startsWith('GIT binary patch') || binaryFiles)) {
      fb.binary = true;
      fb.inHeader = true; // the base85 lines that follow are not prose
      end = ++i;
      continue;
    }
    if (fb?.binary && l !== '') {
      end = ++i;
      continue;
    }
    if (l.trim() === '') {
      if (opts.bare) {
        const j = nextNonBlank(i);
        if (j >= to || !isHeaderStart(j)) break;
        i = j;
        continue;
      }
      i++;
      continue;
    }
    // A line that is not part of any diff.
    if (opts.bare) {
      // A hunk right after it would be left without its file: say so, not 'changes nothing' (git t4133).
      if (fb && /^@@ -\d/.test(stripCr(lines[i + 1] ?? '')))
        diagnostics.push({
          severity: 'error',
          line: lineNo(i),
          message: `Reply line ${lineNo(i)} ("${l.slice(0, 60)}") breaks the diff at reply line ${fb.file.line}: the hunk after it belongs to no file header, so the diff was not applied.`,
        });
      break;
    }
    // (Not a rule of dashes, nor the `-- ` line before a mail's signature.)
    if ((fb || hb) && /^[+-](?![-+]*\s*$)(?!- )/.test(l) && noiseWarned !== -3) {
      // A changed line outside every hunk (its hunk ended at a line that is no diff line): a change the
      // reply asks for that no hunk holds. Ignored, the write would lack it: an error, once per diff.
      diagnostics.push({
        severity: 'error',
        line: lineNo(i),
        message: `Reply line ${lineNo(i)} is a changed line ("${l.slice(0, 60)}") outside any hunk of the diff (a line before it that is no diff line ended the hunk); the diff cannot be read whole, so it is not applied.`,
      });
      noiseWarned = -3;
      i++;
      continue;
    }
    if (noiseWarned !== i - 1 && noiseWarned !== -3 && (fb || hb)) {
      diagnostics.push({
        severity: 'info',
        line: lineNo(i),
        message: `Reply line ${lineNo(i)} inside the diff is not a diff line; it was ignored.`,
      });
    }
    noiseWarned = i;
    i++;
  }
  finishFile();
  return { files, diagnostics, end: opts.bare ? end : to };
}

/**
 * A reply that is one plain git diff from its first line to its last (`git diff` pasted whole: the size
 * a reply reaches when a refactoring of a whole project is asked for), read on offsets into the reply:
 * no line is cut out of it but the headers, and each hunk's lines are split from it only when they are
 * first read (lazy-hunk.ts). A 15 MiB reply's 630,000 line strings were most of what detection kept alive,
 * and of what the collector copied (issue 16).
 *
 * Only what scanDiff reads plainly is taken: `diff --git` sections with `index` and file-mode lines,
 * ---/+++ names, and numbered hunks whose bodies are exactly the lines their headers count, to the end
 * of the reply. Anything else — a blank line, prose, a fence, a CR, "\ No newline", a rename, a count
 * that is off — is declined (null) and scanDiff reads the reply; a property test holds the two to the
 * same blocks (lean-git-diff.test.ts).
 */
export function leanGitDiff(text: string): ParsedBlock | null {
  if (!text.startsWith('diff --git ') || text.includes('\r') || text.includes('```') || text.includes('~~~'))
    return null;
  // Each file's ops as soon as the file is read (blockFromFiles's way, a file at a time): its builder
  // and its DiffFile die young instead of being kept, and moved, until the last file is read.
  let files = 0;
  const ops: Op[] = [];
  const diags: Diagnostic[] = [];
  const none: Diagnostic[] = [];
  let pos = 0; // start of the line being read
  let lineNo = 1;
  let last = 0; // reply line of the last line read
  /** The line at `pos` without its newline (header lines only). */
  const line = () => {
    const nl = text.indexOf('\n', pos);
    return text.slice(pos, nl === -1 ? text.length : nl);
  };
  const next = () => {
    const nl = text.indexOf('\n', pos);
    last = lineNo++;
    pos = nl === -1 ? text.length : nl + 1;
  };
  while (pos < text.length) {
    // The section header: `diff --git a/x b/x`, then only index and file-mode lines.
    let l = line();
    if (!l.startsWith('diff --git ')) return null;
    const b = fileBuilder(lineNo, true);
    [b.gitOld, b.gitNew] = parseGitLine(l.slice(11));
    next();
    for (l = line(); /^(?:index |new file mode |deleted file mode )/.test(l); l = line()) {
      readGitHeader(l, b);
      next();
    }
    if (b.special) return null;
    // The ---/+++ names, as scanDiff's file-header case reads them in a git section.
    if (!l.startsWith('--- ')) return null;
    const oldH = parseHeaderPath(l.slice(4));
    next();
    l = line();
    if (!l.startsWith('+++ ')) return null;
    const newH = parseHeaderPath(l.slice(4));
    next();
    const f = b.file;
    f.oldPath = oldH.path === null ? null : stripDiffPrefix(oldH.path);
    f.newPath = newH.path === null ? null : stripDiffPrefix(newH.path);
    f.written = { old: oldH.path, new: newH.path };
    if (oldH.path === null) f.isNew = true;
    if (newH.path === null) f.isDelete = true;
    // What scanDiff's finishFile would refuse or warn about: its message is the general way's.
    const contradicts = (header: string | null, git: string | null) =>
      header !== null && git !== null && header !== git;
    if (contradicts(f.oldPath, b.gitOld) || contradicts(f.newPath, b.gitNew)) return null;
    if (f.oldPath?.includes('\\') || f.newPath?.includes('\\')) return null;
    if (f.oldPath === null && f.newPath === null) return null;
    f.git = true;
    // Hunks, each exactly as long as its header says.
    while (pos < text.length && text.startsWith('@@', pos)) {
      const hb = startHunk(line(), lineNo, none);
      const h = hb.hunk;
      if (!hb.hasCounts || none.length > 0) return null;
      const oldLines = h.oldLines!;
      const newLines = h.newLines!;
      if (oldLines + newLines === 0) return null;
      next();
      const from = pos;
      let oldSeen = 0;
      let newSeen = 0;
      while (oldSeen < oldLines || newSeen < newLines) {
        if (pos >= text.length) return null;
        const c = text.charCodeAt(pos);
        if (c === 32) {
          oldSeen++;
          newSeen++;
        } else if (c === 45) oldSeen++;
        else if (c === 43) newSeen++;
        else return null;
        if (oldSeen > oldLines || newSeen > newLines) return null;
        next();
      }
      // The last body line's newline is not part of the hunk's text.
      const to = pos > from && text.charCodeAt(pos - 1) === 10 ? pos - 1 : pos;
      f.hunks.push(lazyHunk(h, text, from, to));
    }
    if (pos < text.length && !text.startsWith('diff --git ', pos)) {
      // The reply's final newline ends the last line; anything after it is not this plain diff.
      if (pos !== text.length - 1 || text.charCodeAt(pos) !== 10) return null;
      pos = text.length;
    }
    files++;
    fileOpsInto(f, ops, diags);
  }
  return finishBlock(files, ops, diags, 1, last, 'diff');
}

/** Lines that start something in a diff, never an unchanged line that lost its space. */
function isHeaderLine(l: string): boolean {
  return (
    l.startsWith('@@') ||
    l.startsWith('diff ') ||
    l.startsWith('Index: ') ||
    l.startsWith('index ') ||
    l.startsWith('new file mode') ||
    l.startsWith('deleted file mode') ||
    l.startsWith('similarity index') ||
    l.startsWith('rename ') ||
    l.startsWith('copy ') ||
    /^={4,}\s*$/.test(l) ||
    /^(?:`{3,}|~{3,})/.test(l.trimStart())
  );
}

function startHunk(l: string, line: number, diagnostics: Diagnostic[]): HunkBuilder {
  const m = HUNK_HEADER.exec(l);
  if (m) {
    const hunk: Hunk = {
      oldStart: Number(m[1]),
      oldLines: m[2] === undefined ? 1 : Number(m[2]),
      newStart: Number(m[3]),
      newLines: m[4] === undefined ? 1 : Number(m[4]),
      lines: [],
    };
    const section = m[5]!.trim();
    if (section) hunk.section = section;
    // Case: `@@ -10,7 +10,7 @@clusters = …`: git always writes a space before its section text.
    if (section && !/^[ \t]/.test(m[5]!)) hunk.glued = true;
    return { hunk, line, hasCounts: true, oldSeen: 0, newSeen: 0 };
  }
  const hunk: Hunk = { lines: [] };
  // Bare hunk headers models write: `@@`, `@@ @@`, `@@ ... @@` (aider); other text is a section.
  const inner = bareHunkText(l);
  if (inner !== '' && inner !== '...') {
    if (/[-+]\d/.test(l)) {
      // Case: `@@ +1 0,0 @@` (svn) or other numbers we cannot trust.
      diagnostics.push({
        severity: 'warning',
        line,
        message: `The hunk header at reply line ${line} ("${l.slice(0, 60)}") could not be read; the hunk is placed by its context lines.`,
      });
    } else {
      hunk.section = inner;
    }
  }
  return { hunk, line, hasCounts: false, oldSeen: 0, newSeen: 0 };
}

/** The text of an `@@` line between its leading and trailing `@` runs, trimmed (no regex: no backtracking). */
function bareHunkText(l: string): string {
  let a = 0;
  while (l[a] === '@') a++;
  let z = l.length;
  while (z > a && (l[z - 1] === ' ' || l[z - 1] === '\t')) z--;
  while (z > a && l[z - 1] === '@') z--;
  return l.slice(a, z).trim();
}

function readGitHeader(l: string, b: FileBuilder): boolean {
  const f = b.file;
  const mode = /^(?:new file mode|deleted file mode|old mode|new mode) (\d+)/.exec(l)?.[1];
  if (mode === '120000') b.special = 'a symbolic link';
  else if (mode === '160000') b.special = 'a submodule';
  if (l.startsWith('new file mode')) f.isNew = true;
  else if (l.startsWith('deleted file mode')) f.isDelete = true;
  else if (l.startsWith('rename from ') || l.startsWith('rename old ')) {
    f.isRename = true;
    b.gitOld = unquotePath(l.slice(l.indexOf(' ', 7) + 1));
  } else if (l.startsWith('rename to ') || l.startsWith('rename new ')) {
    f.isRename = true;
    b.gitNew = unquotePath(l.slice(l.indexOf(' ', 7) + 1));
  } else if (l.startsWith('copy from ')) {
    f.isCopy = true;
    b.gitOld = unquotePath(l.slice(10));
  } else if (l.startsWith('copy to ')) {
    f.isCopy = true;
    b.gitNew = unquotePath(l.slice(8));
  } else if (l.startsWith('old mode ') || l.startsWith('new mode ')) {
    // File modes are not applied; the line only belongs to the header.
  } else if (/^index e69de29b?[0-9a-f]*\.\./.test(l)) {
    // The old side is git's empty blob: the diff was made against an empty file (t4101).
    f.fromEmpty = true;
  } else if (!/^(?:index |similarity index |dissimilarity index )/.test(l)) return false;
  return true;
}

/** A header path: C-quoted or plain, with any timestamp after a tab or a space removed. */
function parseHeaderPath(rest: string): { path: string | null; epoch: boolean } {
  let path: string;
  let stamp = '';
  if (rest.startsWith('"')) {
    const q = readQuoted(rest, 0);
    path = q.value;
    stamp = rest.slice(q.end).trim();
  } else {
    // The timestamp follows the last tab; a name may hold a tab itself (git t4135), and is then
    // refused as a name with a control character rather than cut short.
    const last = rest.lastIndexOf('\t');
    const tab = last >= 0 && STAMP.test(rest.slice(last + 1).trim()) ? last : rest.indexOf('\t');
    if (tab >= 0) {
      path = rest.slice(0, tab);
      stamp = rest.slice(tab + 1).trim();
    } else {
      // Only the tail can hold a timestamp; matching there keeps a long line from backtracking.
      const from = Math.max(0, rest.length - 80);
      const m = SPACE_TIMESTAMP.exec(rest.slice(from));
      path = m ? rest.slice(0, from + m.index) : rest;
      stamp = m ? m[0].trim() : '';
    }
    path = path.trimEnd();
  }
  if (path === '/dev/null') return { path: null, epoch: false };
  return { path: path === '' ? null : path, epoch: isEpoch(stamp) };
}

/** The two names of a `diff --git` line, prefixes stripped; one name serves both when only one is given. */
function parseGitLine(rest: string): [string | null, string | null] {
  rest = rest.trim();
  let a: string;
  let b: string | null = null;
  if (rest.startsWith('"')) {
    const q = readQuoted(rest, 0);
    a = q.value;
    b = unquotePath(rest.slice(q.end).trim()) || null;
  } else {
    const quoteAt = rest.indexOf(' "');
    if (quoteAt >= 0) {
      a = rest.slice(0, quoteAt);
      b = readQuoted(rest, quoteAt + 1).value;
    } else {
      // `a/x y b/x y`: the same name twice is the only safe split when names contain spaces.
      const half = (rest.length - 1) / 2;
      if (
        Number.isInteger(half) &&
        rest[half] === ' ' &&
        sameName(rest.slice(0, half), rest.slice(half + 1))
      ) {
        a = rest.slice(0, half);
        b = rest.slice(half + 1);
      } else {
        const at = rest.indexOf(' b/');
        const sp = at >= 0 ? at : rest.indexOf(' ');
        if (sp >= 0) {
          a = rest.slice(0, sp);
          b = rest.slice(sp + 1);
        } else a = rest;
      }
    }
  }
  const sa = a ? stripDiffPrefix(a) : null;
  const sb = b ? stripDiffPrefix(b) : sa;
  return [sa || null, sb || null];
}

function sameName(a: string, b: string): boolean {
  return stripDiffPrefix(a) === stripDiffPrefix(b);
}

function unquotePath(s: string): string {
  const t = s.trim();
  return t.startsWith('"') ? readQuoted(t, 0).value : t;
}

const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/** A C-quoted string as git writes unusual names (`"a/sp ace.txt"`, `"\303\251"` for é in UTF-8). */
function readQuoted(s: string, start: number): { value: string; end: number } {
  const bytes: number[] = [];
  let i = start + 1;
  const pushChar = (ch: string) => {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) bytes.push(cp);
    else for (const byte of new TextEncoder().encode(ch)) bytes.push(byte);
  };
  while (i < s.length && s[i] !== '"') {
    const ch = s[i]!;
    if (ch === '\\' && i + 1 < s.length) {
      const n = s[i + 1]!;
      if (n >= '0' && n <= '7') {
        let j = i + 1;
        let v = 0;
        while (j < s.length && j < i + 4 && s[j]! >= '0' && s[j]! <= '7')
          v = v * 8 + (s.charCodeAt(j++) - 48);
        bytes.push(v & 0xff);
        i = j;
        continue;
      }
      const e = ESCAPES[n];
      if (e !== undefined) bytes.push(e);
      else pushChar(n);
      i += 2;
      continue;
    }
    const cp = s.codePointAt(i)!;
    const text = String.fromCodePoint(cp);
    pushChar(text);
    i += text.length;
  }
  return { value: new TextDecoder().decode(new Uint8Array(bytes)), end: Math.min(i + 1, s.length) };
}

// ---------------------------------------------------------------------------------------------
// The `unified-diff` format: ```diff / ```patch / ```udiff fences, a plain ``` fence that starts
// like a diff, or a bare diff in the reply prose (from `diff --git`, `Index:` + `===`, or a
// `--- x` line directly followed by `+++ y`). Each fence or bare region is one block.

const DIFF_LANGS = new Set(['diff', 'patch', 'udiff', 'git-diff', 'gitdiff']);

/**
 * Lines of the reply split on `\n` only, so hunk lines keep a `\r`; `clean` has it removed (and is
 * `splitLines`' split). The result is shared between the parsers of one reply: do not mutate it.
 */
export function replyLines(text: string): { raw: string[]; clean: string[] } {
  if (lastReply.text !== text) {
    const hasCr = text.includes('\r');
    // The split itself, not a copy: nobody changes these lines (see above).
    const clean = sharedSplit(text) as string[];
    lastReply.text = text;
    lastReply.lines = { raw: hasCr ? text.split('\n') : clean, clean };
    // A lone `\r` counts as a line end for `clean` but not for `raw`: then both are split on `\n`.
    if (hasCr && lastReply.lines.raw.length !== clean.length)
      lastReply.lines.clean = lastReply.lines.raw.map(stripCr);
  }
  return lastReply.lines;
}
const lastReply: { text: string | null; lines: { raw: string[]; clean: string[] } } = {
  text: null,
  lines: { raw: [], clean: [] },
};

/** The top-level fences of the reply (of `replyLines(text).clean`), shared like `replyLines`. */
export function replyFences(text: string): Fence[] {
  if (lastFences.text !== text) {
    lastFences.fences = findFences(replyLines(text).clean);
    lastFences.text = text;
  }
  return lastFences.fences;
}
const lastFences: { text: string | null; fences: Fence[] } = { text: null, fences: [] };

/**
 * Lets go of the reply that `replyLines`, `replyFences` and `splitLines` keep for the parsers of one reply
 * (detectAll calls it when they are done): a large reply's lines are hundreds of thousands of strings, and
 * holding them until the next reply came kept them alive through the whole plan of it.
 */
export function forgetReply(): void {
  forgetSplit();
  lastReply.text = null;
  lastReply.lines = { raw: [], clean: [] };
  lastFences.text = null;
  lastFences.fences = [];
}

/** Content lines of a fence from the raw (CR-keeping) lines, dedented like the fence's own lines. */
export function rawFenceLines(raw: readonly string[], fence: Fence): string[] {
  return raw.slice(fence.open + 1, fence.close).map((l) => dedent(l, fence.indent));
}

/** Does this fence hold a diff? ```diff/```patch always; an unlabelled fence when it starts like one. */
export function isDiffFence(fence: Fence): boolean {
  if (DIFF_LANGS.has(fence.lang)) return true;
  if (fence.lang !== '') return false;
  // Case: a plain ``` fence around a diff (models often drop the language).
  let k = 0;
  while (k < fence.lines.length && stripCr(fence.lines[k]!).trim() === '') k++;
  const first = stripCr(fence.lines[k] ?? '');
  const second = stripCr(fence.lines[k + 1] ?? '');
  return first.startsWith('diff --git ') || (first.startsWith('--- ') && second.startsWith('+++ '));
}

function blockFromFiles(
  files: DiffFile[],
  diagnostics: Diagnostic[],
  start: number,
  end: number,
  what: string,
): ParsedBlock {
  const ops: Op[] = [];
  const diags = [...diagnostics];
  for (const f of files) fileOpsInto(f, ops, diags);
  return finishBlock(files.length, ops, diags, start, end, what);
}

/** A file's ops appended to `ops`; a file with none is said in `diags`. */
function fileOpsInto(f: DiffFile, ops: Op[], diags: Diagnostic[]): void {
  const fileOps = diffFileToOps(f);
  if (fileOps.length === 0) {
    diags.push({
      severity: 'info',
      line: f.line,
      message: `The diff of ${f.newPath ?? f.oldPath} at reply line ${f.line} changes nothing that can be applied (no hunks${f.isCopy ? '' : ', or only a file mode'}).`,
    });
  }
  for (const op of fileOps) ops.push(op);
}

/** The block of `files` files whose ops and diagnostics are these; a block of none says so. */
function finishBlock(
  files: number,
  ops: Op[],
  diags: Diagnostic[],
  start: number,
  end: number,
  what: string,
): ParsedBlock {
  if (files === 0 && diags.length === 0)
    diags.push({
      severity: 'warning',
      line: start,
      message: `The ${what} at reply line ${start} holds no file changes.`,
    });
  return { start, end, ops, diagnostics: diags };
}

/**
 * What a diff fence (`what`: 'diff', or Aptix's 'patch') that is never closed gets: a model that forgot
 * the closing fence (its last hunk is whole) a warning; a reply cut off (its last hunk is shorter than
 * its header, or has no counts to tell) an error, as what is left would be written as if it were all
 * (the CLI writes nothing). Cut off, the fence's last op is the one cut: the review leaves it unticked.
 */
export function unclosedFence(what: string, start: number, body: readonly string[], ops: number): Diagnostic {
  if (lastHunkWhole(body))
    return {
      severity: 'warning',
      line: start,
      message: `The ${what} fence opened at reply line ${start} is never closed; its last hunk is whole, so it was read to the end of the reply.`,
    };
  return {
    severity: 'error',
    line: start,
    ...(ops === 0 ? {} : { op: ops - 1 }),
    message: `The ${what} fence opened at reply line ${start} is never closed: the reply may be cut off, and the ${what} with it.`,
  };
}

/**
 * Whether the last hunk of a diff has every line its `@@ -a,b +c,d @@` header counts: false when it
 * has fewer (cut off) or no numbered header to tell.
 */
function lastHunkWhole(body: readonly string[]): boolean {
  let k = body.length - 1;
  while (k >= 0 && !stripCr(body[k]!).startsWith('@@')) k--;
  const m = k >= 0 ? HUNK_HEADER.exec(stripCr(body[k]!)) : null;
  if (!m) return false;
  let old = 0;
  let added = 0;
  for (let j = k + 1; j < body.length; j++) {
    const l = stripCr(body[j]!);
    if (l.startsWith('+')) added++;
    else if (l.startsWith('-')) old++;
    else if (l.startsWith(' ') || l === '') {
      old++;
      added++;
    }
  }
  // The reply's final newline leaves one empty line at the end: not a line of the hunk.
  if (stripCr(body.at(-1) ?? 'x') === '') {
    old--;
    added--;
  }
  return old >= Number(m[2] ?? 1) && added >= Number(m[4] ?? 1);
}

/** Regions of the reply that are bare diffs (outside every fence). */
function bareDiffBlocks(raw: string[], clean: string[], fences: Fence[]): ParsedBlock[] {
  const blocks: ParsedBlock[] = [];
  let f = 0;
  let i = 0;
  while (i < clean.length) {
    const fence = fences[f];
    if (fence && i >= fence.open) {
      i = fence.close + 1;
      f++;
      continue;
    }
    const limit = fence ? fence.open : clean.length;
    const l = clean[i]!;
    const c = l.charCodeAt(0);
    // Only `diff …`, `Index: …` and `--- …` lines can open a bare diff.
    if (c !== 100 && c !== 73 && c !== 45) {
      i++;
      continue;
    }
    const starts =
      l.startsWith('diff --git ') ||
      (l.startsWith('Index: ') && /^={4,}\s*$/.test(clean[i + 1] ?? '')) ||
      (l.startsWith('--- ') && (clean[i + 1] ?? '').startsWith('+++ '));
    if (!starts) {
      i++;
      continue;
    }
    const r = scanDiff(raw, i, limit, i + 1, { bare: true, headerless: false });
    const end = Math.max(r.end, i + 1);
    if (r.files.length > 0) blocks.push(blockFromFiles(r.files, r.diagnostics, i + 1, end, 'diff'));
    else {
      // A diff skipped whole (a name that cannot be read safely) still says why: never dropped silently.
      const errors = r.diagnostics.filter((d) => d.severity === 'error');
      if (errors.length > 0) blocks.push({ start: i + 1, end, ops: [], diagnostics: errors });
    }
    i = end;
  }
  return blocks;
}

const DETECT =
  /^[ \t]*(?:(?:`{3,}|~{3,})[ \t]*(?:diff|patch|udiff|git-?diff)\b|`{3,}[ \t]*\r?$|diff --git |--- .*\r?\n\+\+\+ |Index: )/m;

export const unifiedDiffParser: FormatParser = {
  id: 'unified-diff',
  detect(text) {
    return DETECT.test(text);
  },
  parse(text) {
    return diffBlocks(text);
  },
};

/** The format's blocks; `lean: false` leaves out leanGitDiff's shortcut (its tests compare the two). */
export function diffBlocks(text: string, { lean = true } = {}): ParsedBlock[] {
  const plain = lean ? leanGitDiff(text) : null;
  if (plain) return [plain];
  const { raw, clean } = replyLines(text);
  const fences = replyFences(text);
  const blocks: ParsedBlock[] = [];
  for (const fence of fences) {
    if (!isDiffFence(fence)) continue;
    // Without any `\r` the raw lines are the clean ones: the fence already holds its dedented body.
    const body = raw === clean ? fence.lines : rawFenceLines(raw, fence);
    const r = scanDiff(body, 0, body.length, fence.open + 2, { bare: false, headerless: false });
    const start = fence.open + 1;
    const end = fence.closed ? fence.close + 1 : clean.length;
    // A ```diff of prose (a bare hunk of ' '/'-'/'+' lines is read by namelessFenceBlock).
    if (r.files.length === 0 && r.diagnostics.length === 0 && !looksLikeBareDiff(body)) continue;
    const block =
      (r.files.length === 0 && namelessFenceBlock(clean, fence, body, start, end)) ||
      blockFromFiles(r.files, r.diagnostics, start, end, 'diff fence');
    if (!fence.closed) block.diagnostics.push(unclosedFence('diff', start, body, block.ops.length));
    blocks.push(block);
  }
  pushAll(blocks, bareDiffBlocks(raw, clean, fences));
  return blocks.sort((a, b) => a.start - b.start);
}

/** Where a nameless diff's file was read, for its diagnostic. */
const NAMED_BY: Partial<Record<HintKind, string>> = {
  line: 'the line before the fence',
  label: 'the line above the label before the fence',
  'new-file': 'the sentence before the fence',
  'editor-link': 'the heading above the fence',
  sentence: 'the sentence before the fence',
  heading: 'the heading above the fence',
};

/**
 * A diff fence with hunks but no ---/+++ names (models do this when the text already said which
 * file): the path from the fence's info string (```diff src/a.ts) or the line before it
 * (`src/a.ts:`, `### src/a.ts`); from a sentence before it ("In `src/a.ts`:") it is only a guess,
 * offered unticked. Null when no path is named, or the fence holds no hunks.
 */
function namelessFenceBlock(
  clean: readonly string[],
  fence: Fence,
  body: string[],
  start: number,
  end: number,
): ParsedBlock | null {
  const r = scanDiff(body, 0, body.length, fence.open + 2, { bare: false, headerless: true });
  let hunks = r.files.flatMap((f) => f.hunks);
  const bare = hunks.length === 0 && looksLikeBareDiff(body);
  // ' '/'-'/'+' lines without any `@@` line: one hunk of every line, placed by its context.
  if (bare) hunks = [bareHunk(body)];
  if (hunks.length === 0) return null;
  // `diff src/a.ts`, Cursor's `diff:src/a.ts`; else the hints above the fence (path-hints.ts).
  const fromInfo = fence.info ? pathFromInfo(fence.info) : null;
  const best = fromInfo ? null : bestHint(hintsAbove(clean, fence.open, 'diff'));
  const path = fromInfo ?? best?.path ?? null;
  if (!path) return unnamedDiffBlock(hunks, r.diagnostics, start, end, bare);
  const from = best ? NAMED_BY[best.kind] : 'the fence';
  // A sentence that says a file is new still only guesses which file a diff changes.
  const guess = best !== null && (GUESS_HINTS.has(best.kind) || best.kind === 'new-file');
  const op: Op = { kind: 'patch', path, hunks, line: start };
  if (guess) op.guess = true;
  const diagnostics: Diagnostic[] = [
    ...r.diagnostics,
    {
      severity: guess ? 'warning' : 'info',
      line: start,
      op: 0,
      message: `The diff at reply line ${start} names no file; ${path} was taken from ${from}.`,
    },
  ];
  return { start, end, ops: [op], diagnostics };
}

/**
 * A diff fence whose hunks name no file at all: its hunks as SEARCH/REPLACE edits (the unchanged and
 * removed lines are what the file holds; the unchanged and added ones, what it will), naming no file, so
 * the plan looks for the one file that holds them (locate-by-content.ts). Null when a hunk has no old
 * lines (nothing to look for): the caller then says it was skipped.
 */
function unnamedDiffBlock(
  hunks: Hunk[],
  diagnostics: Diagnostic[],
  start: number,
  end: number,
  bare: boolean,
): ParsedBlock | null {
  const edits: SearchReplaceEdit[] = [];
  for (const h of hunks) {
    const search: string[] = [];
    const replace: string[] = [];
    for (const l of h.lines) {
      const c = l[0];
      const body = l.slice(1);
      if (c === '\\') continue;
      if (c !== '+') search.push(body);
      if (c !== '-') replace.push(body);
    }
    if (search.every((l) => l.trim() === '')) return null;
    edits.push({ search: `${search.join('\n')}\n`, replace: `${replace.join('\n')}\n`, all: false });
  }
  const op: Op = {
    kind: 'search-replace',
    path: '',
    edits,
    line: start,
    alias: { how: 'content', written: '', paths: [] },
  };
  return {
    start,
    end,
    ops: [op],
    diagnostics: [
      ...diagnostics,
      {
        severity: 'info',
        line: start,
        op: 0,
        message: `The diff at reply line ${start} names no file${bare ? ' and has no @@ line' : ''}; the one file of the project folder that holds its unchanged and removed lines will be offered, unticked.`,
      },
    ],
  };
}

/**
 * The body of a diff fence without `@@` lines as one hunk, every line of it read: `+`/`-` lines change,
 * others are unchanged (a blank line, or one written without its leading space: `loose`).
 */
function bareHunk(body: readonly string[]): Hunk {
  const lines: string[] = [];
  const loose: number[] = [];
  const trimmed = [...body];
  while (trimmed.length > 0 && trimmed[trimmed.length - 1]!.trim() === '') trimmed.pop();
  for (const raw of trimmed) {
    const l = stripCr(raw);
    const c = l[0];
    if (c === '+' || c === '-' || c === ' ') lines.push(l);
    else {
      if (l !== '') loose.push(lines.length);
      lines.push(` ${l}`);
    }
  }
  return loose.length > 0 ? { lines, loose } : { lines };
}

/**
 * How a body of lines reads as one hunk without its `@@` line: its `-`/`+` lines and its unprefixed
 * non-blank ones; null when a line is a file or hunk header (`--- `, `+++ `, `@@`, `diff `, `Index:`).
 */
function hunkShape(lines: readonly string[]): { changes: number; loose: number } | null {
  let changes = 0;
  let loose = 0;
  for (const raw of lines) {
    const l = stripCr(raw);
    if (l.trim() === '') continue;
    const c = l[0];
    if (c === '+' || c === '-') {
      if (l.startsWith('--- ') || l.startsWith('+++ ')) return null;
      changes++;
    } else if (c !== ' ') {
      if (l.startsWith('@@') || l.startsWith('diff ') || l.startsWith('Index:')) return null;
      loose++;
    }
  }
  return { changes, loose };
}

/**
 * A diff fence's body that is one hunk without its `@@` line: some `-`/`+` lines, and unprefixed lines
 * (models leave the prefix off unchanged lines such as `environment:`) only beside two changes or more,
 * and no more of them than changes.
 */
function looksLikeBareDiff(lines: readonly string[]): boolean {
  const s = hunkShape(lines);
  return s !== null && s.changes >= 1 && (s.loose === 0 || (s.changes >= 2 && s.loose <= s.changes));
}

/** Lines that can only be a hunk's body: every non-blank one prefixed, some of them `-` or `+`. */
function looksLikeHunkBody(lines: readonly string[]): boolean {
  const s = hunkShape(lines);
  return s !== null && s.loose === 0 && s.changes > 0;
}

/**
 * The diff inside a START-PATCH block or a FILE_PATCH tag: optionally wrapped in a code fence,
 * with or without ---/+++ headers. `raw` keeps `\r`, `clean` is the same lines without it;
 * `raw[0]` is reply line `firstLine`.
 */
export function readPatchBody(
  raw: readonly string[],
  clean: readonly string[],
  firstLine: number,
): { hunks: Hunk[]; diagnostics: Diagnostic[]; isNew: boolean; isDelete: boolean } {
  const w = stripWrappingFence(clean);
  const body = raw.slice(w.from, w.to).map((l) => dedent(l, w.indent));
  let r = parseHunks(body, firstLine + w.from);
  if (r.hunks.length === 0 && looksLikeHunkBody(body)) {
    // Case: a FILE_PATCH body of ' '/'-'/'+' lines without any `@@` line: one bare hunk.
    r = parseHunks(['@@', ...body], firstLine + w.from - 1);
    r.diagnostics.push({
      severity: 'info',
      line: firstLine + w.from,
      message: `The patch at reply line ${firstLine + w.from} has no @@ line; its lines were read as one hunk, placed by its context.`,
    });
  }
  // The headers inside say whether the patch creates or deletes the file (`--- /dev/null`).
  let isNew = false;
  let isDelete = false;
  for (const l of w.lines) {
    if (l.startsWith('@@')) break;
    if (/^--- \/dev\/null\s*$/.test(l) || l.startsWith('new file mode')) isNew = true;
    if (/^\+\+\+ \/dev\/null\s*$/.test(l) || l.startsWith('deleted file mode')) isDelete = true;
  }
  return { hunks: r.hunks, diagnostics: r.diagnostics, isNew, isDelete };
}
