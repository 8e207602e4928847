/**
 * Documents a chat site shows beside the reply rather than in it: Claude's artifacts and ChatGPT's canvas.
 * In text they are one tag each,
 *
 *   <antArtifact identifier="…" type="application/vnd.ant.code" language="…" title="…">
 *   …the document's whole text…
 *   </antArtifact>
 *
 * as older Claude replies carry them inline (corpus unprompted/027), and as the conversation readers
 * (shared/api/documents.ts) write each document a message creates or changes — its text after that
 * message, with `source="canvas"` for a ChatGPT canvas and `version="N"` where the answer says.
 *
 * Each tag is one op that writes the document's whole text to a file (created when missing). Its file:
 *   1. the title, when it is a path or a file name, alone or before a description
 *      (`src/app.py`, `CookiePolicy.jsx - Cookie page`, `main.go: the server`);
 *   2. else the path the line right before the tag names: a line holding only a path; or a sentence
 *      naming one path in backticks — a guess the user ticks, as for a fenced block (whole-file.ts);
 *   3. else no file: an error that says so, and nothing is written (ask for it with a file name).
 * The op carries the document's name (`document`: "artifact `Data Processing Script`, version 3"), which
 * the review shows on the file's row. A tag that is never closed is a cut-off document, and one with `failed` a document the reader
 * could not rebuild (its reason): both refused.
 */

import { literalRuns } from '../api/py-regex';
import type { Diagnostic, Op, OpOf } from '../changeset/changeset';
import { partOf } from '../engine/part';
import { isClosingFence, openingFence, splitLines } from './fences';
import { isPathToken, pathFromLine, pathFromSentence } from './path-hints';
import type { FormatParser, ParsedBlock } from './types';

const OPEN = /^\s*<antArtifact\b([^>]*)>(.*)$/;
const CLOSE = '</antArtifact>';

export interface ArtifactAttributes {
  identifier?: string;
  type?: string;
  language?: string;
  title?: string;
  /** `canvas` for a ChatGPT canvas document; absent for a Claude artifact. */
  source?: string;
  version?: string;
  /** Set by the conversation readers when the document could not be rebuilt: why (the review says it). */
  failed?: string;
  /**
   * `regex-update`: the body is a canvas's updates as JSON (`[{pattern, replacement, multiple}]`), for a
   * canvas whose text the conversation answer did not hold (documents.ts): a `regex` op.
   */
  command?: string;
  /** `download`: the text was read through the page's Download control (a card on the page). */
  read?: string;
}

const ENTITIES: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'", '#39': "'" };

/** The attributes of an opening tag (`identifier="x" title="y"`), entities decoded. */
export function artifactAttributes(raw: string): ArtifactAttributes {
  const out: Record<string, string> = {};
  for (const m of raw.matchAll(/([\w-]+)\s*=\s*"([^"]*)"/g))
    out[m[1]!] = m[2]!.replace(/&(quot|amp|lt|gt|apos|#39);/g, (_, e: string) => ENTITIES[e]!);
  return out;
}

/** Writes one tag: what the conversation readers append to a message for each document it changed. */
export function artifactTag(attrs: ArtifactAttributes, content: string): string {
  const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const attr = Object.entries(attrs)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}="${esc(String(v))}"`)
    .join(' ');
  return `<antArtifact ${attr}>\n${content}${content.endsWith('\n') || content === '' ? '' : '\n'}${CLOSE}`;
}

/**
 * The file a document's title names: the whole title, or its first part before ` - `, ` – `, `: ` or
 * ` (` (`CookiePolicy.jsx - Cookie page`). Null for a title that is a description ("Data Processing
 * Script").
 */
export function pathFromTitle(title: string): string | null {
  const t = title.trim();
  if (t === '') return null;
  const whole = pathFromLine(t);
  if (whole) return whole;
  const head = t.split(/\s+[-–—]\s+|:\s+|\s+\(/, 1)[0]!.trim();
  const stripped = head.replace(/^[`*_"']+|[`*_"']+$/g, '');
  return stripped !== t && isPathToken(stripped) ? stripped : null;
}

/** Code rather than prose: a canvas `code/…`, an artifact `application/vnd.ant.code`, a language other than Markdown. */
function isCode(a: ArtifactAttributes): boolean {
  if (a.type?.startsWith('code/') || a.type === 'application/vnd.ant.code') return true;
  if (a.type === 'document' || a.type === 'text/markdown') return false;
  return !!a.language && !/^(markdown|md|text|plaintext|txt)$/i.test(a.language);
}

/** What the review calls the document: `artifact "Title", version 3` / `canvas "name"`. */
export function documentLabel(a: ArtifactAttributes): string {
  const kind = a.source === 'canvas' ? 'canvas' : 'artifact';
  const name = a.title || a.identifier || '(untitled)';
  return `${kind} "${name}"${a.version ? `, version ${a.version}` : ''}${a.read === 'download' ? ', read with its Download button' : ''}`;
}

function parse(text: string): ParsedBlock[] {
  const lines = splitLines(text);
  const out: ParsedBlock[] = [];
  // A tag inside a fenced code block is an example the reply shows, not a document.
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    if (fence !== null) {
      if (isClosingFence(lines[i]!, fence)) fence = null;
      continue;
    }
    const opener = openingFence(lines[i]!);
    if (opener) {
      fence = opener.marker;
      continue;
    }
    const open = OPEN.exec(lines[i]!);
    if (!open) continue;
    const attrs = artifactAttributes(open[1]!);
    const label = documentLabel(attrs);
    const start = i;
    const body: string[] = [];
    let rest = open[2]!;
    let closed = false;
    for (;;) {
      const at = rest.indexOf(CLOSE);
      if (at >= 0) {
        if (at > 0) body.push(rest.slice(0, at));
        closed = true;
        break;
      }
      if (i > start || rest !== '') body.push(rest);
      if (++i >= lines.length) break;
      rest = lines[i]!;
    }
    const diagnostics: Diagnostic[] = [];
    const block: ParsedBlock = { start: start + 1, end: i + 1, ops: [], diagnostics };
    out.push(block);
    if (!closed) {
      diagnostics.push({
        severity: 'error',
        line: start + 1,
        message: `The ${label} at reply line ${start + 1} is never closed (no ${CLOSE}): the reply may be cut off, and the document with it. Nothing was taken from it.`,
      });
      continue;
    }
    if (attrs.failed) {
      diagnostics.push({
        severity: 'error',
        line: start + 1,
        message: `The ${label} at reply line ${start + 1} could not be rebuilt from the conversation: ${attrs.failed}. Nothing is written for it.`,
      });
      continue;
    }
    if (attrs.command === 'regex-update') {
      const op = regexOp(body.join('\n'), attrs, label, start + 1);
      if (typeof op === 'string') diagnostics.push({ severity: 'error', line: start + 1, message: op });
      else {
        block.ops.push(op);
        diagnostics.push({
          severity: 'info',
          line: start + 1,
          op: 0,
          message:
            op.alias?.how === 'ask'
              ? `The ${label} at reply line ${start + 1} updates a canvas made in an earlier message, whose text this answer does not hold, and its patterns hold no text to look for; the review asks for the file it is.`
              : `The ${label} at reply line ${start + 1} updates a canvas made in an earlier message, whose text this answer does not hold; its updates run on the one file of the project folder that holds their text, offered unticked.`,
        });
      }
      continue;
    }
    const content = body.length === 0 ? '' : `${body.join('\n')}\n`;
    const fromTitle = attrs.title ? pathFromTitle(attrs.title) : null;
    const before = fromTitle ? null : pathBefore(lines, start);
    const path = fromTitle ?? before?.path ?? null;
    if (!path) {
      // A prose document (an essay in a canvas, a Markdown artifact) that names no file is no file the
      // reply meant: said, quietly. Code that names none is a part of a file the folder is searched for
      // (definitions, or a snippet with elisions: engine/part.ts), else a whole file whose path the
      // review asks for.
      if (!isCode(attrs)) {
        diagnostics.push({
          severity: 'info',
          line: start + 1,
          message: `The ${label} at reply line ${start + 1} is a document that names no file; it is not written.`,
        });
        continue;
      }
      const part = partOf(body) !== null;
      block.ops.push(
        part
          ? {
              kind: 'replace',
              path: '',
              content,
              part: true,
              line: start + 1,
              document: label.slice(0, 300),
              alias: { how: 'content', written: '', paths: [] },
            }
          : {
              kind: 'create',
              path: '',
              content,
              ifExists: 'overwrite',
              line: start + 1,
              document: label.slice(0, 300),
              alias: { how: 'ask', written: '', paths: [] },
            },
      );
      diagnostics.push({
        severity: 'info',
        line: start + 1,
        op: 0,
        message: part
          ? `The ${label} at reply line ${start + 1} names no file (its title is not a file name, and no file is named right before it); it is a part of a file, so the one file of the project folder it fits will be offered, unticked.`
          : `The ${label} at reply line ${start + 1} names no file (its title is not a file name, and no file is named right before it); the review asks for its path, and nothing is written until it is given.`,
      });
      continue;
    }
    const op: Op = {
      kind: 'create',
      path,
      content,
      ifExists: 'overwrite',
      line: start + 1,
      document: label.slice(0, 300),
    };
    if (before?.guess) op.guess = true;
    block.ops.push(op);
    if (before?.guess) {
      diagnostics.push({
        severity: 'info',
        line: start + 1,
        op: 0,
        message: `${path}: the ${label} is for the file the sentence before it names (a guess: offered unticked, and only for a file that exists).`,
      });
    }
  }
  return out;
}

/** The `regex` op of a canvas's updates (the tag's body, JSON), or why there is none. */
function regexOp(json: string, attrs: ArtifactAttributes, label: string, line: number): Op | string {
  let edits: OpOf<'regex'>['edits'];
  try {
    const v = JSON.parse(json) as unknown;
    if (!Array.isArray(v) || v.length === 0) throw new Error('no updates');
    edits = v.map((u: Record<string, unknown>) => {
      if (typeof u?.pattern !== 'string' || typeof u.replacement !== 'string') throw new Error('bad update');
      return { pattern: u.pattern, replacement: u.replacement, multiple: u.multiple === true };
    });
  } catch {
    return `The ${label} at reply line ${line} holds canvas updates that cannot be read; nothing is written for it.`;
  }
  const named = attrs.title ? pathFromTitle(attrs.title) : null;
  const findable = literalRuns(edits[0]!.pattern).some((r) => r.replace(/\s/g, '').length >= 6);
  return {
    kind: 'regex',
    path: named ?? '',
    edits,
    line,
    document: label.slice(0, 300),
    ...(named ? {} : { alias: { how: findable ? 'content' : 'ask', written: '', paths: [] } }),
  };
}

/**
 * The path the line right before a tag names (blank lines and Claude's `<antThinking>` note skipped): a
 * line holding only a path names the file; a sentence naming one path in backticks is a guess (it may
 * name a file the reply talks about rather than this one), as for a fenced block (whole-file.ts).
 */
function pathBefore(lines: readonly string[], tag: number): { path: string; guess: boolean } | null {
  for (let i = tag - 1; i >= Math.max(0, tag - 6); i--) {
    const t = lines[i]!.trim();
    if (t === '' || /^<\/?antThinking>/.test(t)) continue;
    const line = pathFromLine(t);
    if (line) return { path: line, guess: false };
    const sentence = pathFromSentence(t);
    return sentence ? { path: sentence, guess: true } : null;
  }
  return null;
}

export const artifactsParser: FormatParser = {
  id: 'artifacts',
  detect: (text) => text.includes('<antArtifact'),
  parse,
};
