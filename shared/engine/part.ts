/**
 * A code block that names no file but is plainly a part of one (issue 26): whole definitions (a
 * function or method to replace, the most common shape of an answer nobody asked a format of), or a
 * snippet whose comments stand for the file's own lines (`// ... existing code ...`). Such a block
 * becomes a `replace` op with `part` and no path; the plan looks for its file in the folder by the lines
 * it must hold (locate-by-content.ts) and offers the one file it fits as a guess the user ticks.
 *
 * What is a part, read from the block alone:
 * - elided: a comment that says the file's lines stay (`keepsLines`), with code around it;
 * - definitions: the block is definitions and nothing else (definition.ts's `definitionsOf`).
 * Both need at least three non-blank lines: a one-liner is an example, not an edit.
 * A block that is neither, but is a whole program by its shape (`wholeProgram`: it starts, after its
 * comments, with an import, a package line, an include, a shebang …, and has five lines or more), is a
 * whole file whose name nobody gave: the review asks for its path (alias `ask`). Files whose first line
 * is no import are whole by their own shapes (`WHOLE_SHAPES`): a Vue or Svelte component with two of its
 * top-level sections (`<template>`, `<script setup>`, `<style>`) and closed; an SQL schema or migration
 * (its first statement `CREATE`, `DROP` or `ALTER`, two statements or more); a Dockerfile (`FROM image`
 * first). One section of a component, or one `CREATE TABLE`, is as often a piece shown as a file: it
 * asks for nothing.
 * What the file must hold (`partNeedles`):
 * - elided: the lines right before and after each elision comment (the anchors elisions.ts finds once);
 * - definitions: the first definition's signature line (a definition the file lacks is placed after
 *   the one before it, so the first is the one that must be there).
 */
import { definitionsOf } from './definition';
import { keepsLines } from './elisions';
import { findPlaceholders } from './placeholder';

export type PartKind = 'elided' | 'definitions';

const blank = (l: string) => l.trim() === '';

/** How the block is a part of a file, or null when it is not plainly one. */
export function partOf(lines: readonly string[]): PartKind | null {
  if (lines.filter((l) => !blank(l)).length < 3) return null;
  const elisions = findPlaceholders(lines, null);
  if (elisions.length > 0) {
    const around = lines.filter((l, i) => !blank(l) && !elisions.includes(i));
    return elisions.every((i) => keepsLines(lines[i]!.trim())) && around.length >= 2 ? 'elided' : null;
  }
  return definitionsOf(lines) ? 'definitions' : null;
}

/** The lines a file must hold for the part to fit in it (see the header). */
export function partNeedles(lines: readonly string[]): string[] {
  const elisions = findPlaceholders(lines, null);
  if (elisions.length > 0) {
    const out = new Set<string>();
    const skip = new Set(elisions);
    // The nearest line with a word on each side (an anchor grows past a bare `}` to one: elisions.ts).
    const worded = (l: string) => /[\p{L}\p{N}]/u.test(l);
    for (const e of elisions) {
      for (const step of [-1, 1]) {
        let i = e + step;
        while (i >= 0 && i < lines.length && !skip.has(i) && !worded(lines[i]!)) i += step;
        if (i >= 0 && i < lines.length && !skip.has(i)) out.add(lines[i]!.trim());
      }
    }
    return [...out];
  }
  const defs = definitionsOf(lines);
  return defs ? [lines[defs[0]!.sig]!.trim()] : [];
}

/** The first line of a file of code: an import, a package or namespace line, an include, a shebang … */
const FILE_START =
  /^(?:import\s|from\s+[\w.]+\s+import\s|package\s+[\w.]+;?\s*$|#include\s|#!\/|using\s+[\w.]+\s*;|(?:const|let|var)\s+\w+\s*=\s*require\(|require\(|use\s+[\w:\\]+|<\?php|<!DOCTYPE\s|<html[\s>]|["'`]use (?:client|strict|server)["'`]|extern\s+crate\s|mod\s+\w+;|library\s+\w|namespace\s+[\w.\\]+)/i;
/** A comment line, or a line of one (the start of a file often is a comment). */
const COMMENT = /^(?:\/\/|\/\*|\*|#(?!include\b|!)|--\s|;|<!--)/;

/** The block is a whole file of code by its shape (see the header); `lang`: its fence's language. */
export function wholeProgram(lines: readonly string[], lang = ''): boolean {
  if (lines.filter((l) => !blank(l)).length < 5) return false;
  if (WHOLE_SHAPES.some((shape) => shape(lines, lang))) return true;
  let i = 0;
  let docstring = false;
  for (; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (t === '') continue;
    // A Python module's docstring.
    if (docstring) {
      if (t.includes('"""') || t.includes("'''")) docstring = false;
      continue;
    }
    if (/^(?:"""|''')/.test(t)) {
      docstring = !(t.length > 3 && (t.endsWith('"""') || t.endsWith("'''")));
      continue;
    }
    if (!COMMENT.test(t)) break;
  }
  if (i < lines.length && FILE_START.test(lines[i]!.trim())) return true;
  // A program's entry point or a module's export, at the top level (no import needed to be a whole file).
  return lines.some((l) => ENTRY.test(l));
}

/** `if __name__ == "__main__":`, `export default …`, `module.exports =`, `int main(`, `fn main()`. */
const ENTRY =
  /^(?:if\s+__name__\s*==\s*["']__main__["']\s*:|export\s+default\s|module\.exports\s*=|(?:int|void)\s+main\s*\(|fn\s+main\s*\(\s*\)|func\s+main\s*\(\s*\))/;

/** A top-level section of a single-file component: `<template>`, `<script setup lang="ts">`, `<style scoped>`. */
const SECTION_OPEN = /^<(template|script|style)(?:\s[^>]*)?>/;
const SECTION_CLOSE = /^<\/(template|script|style)>\s*$/;

/**
 * Whole files by shapes other than an import first (see the header). Each holds only at the top level
 * (column 0), where a file's own parts stand and a snippet's seldom do.
 */
const WHOLE_SHAPES: ReadonlyArray<(lines: readonly string[], lang: string) => boolean> = [
  // A Vue or Svelte single-file component: it starts with a section, ends closing one, and has two.
  (lines, lang) => {
    const real = lines.filter((l) => !blank(l));
    const first = SECTION_OPEN.exec(real[0]!);
    if (!first || !SECTION_CLOSE.test(real[real.length - 1]!)) return false;
    // `<script>` first is an HTML page's too; a component's when the fence says so or it has a template.
    const sections = real.filter((l) => SECTION_OPEN.test(l));
    const component =
      lang === 'vue' ||
      lang === 'svelte' ||
      first[1] === 'template' ||
      /\ssetup\b/.test(real[0]!) ||
      sections.some((l) => l.startsWith('<template'));
    return component && new Set(sections.map((l) => SECTION_OPEN.exec(l)![1])).size >= 2;
  },
  // An SQL schema or migration: its first statement defines (CREATE, DROP, ALTER), two or more.
  (lines) => {
    const code = lines.map((l) => l.trim()).filter((t) => t !== '' && !t.startsWith('--'));
    if (!/^(?:CREATE|DROP|ALTER)\s+(?:OR\s+REPLACE\s+)?[A-Z]/i.test(code[0] ?? '')) return false;
    return code.filter((t) => t.endsWith(';')).length >= 2;
  },
  // A Dockerfile: after its comments and build arguments, FROM an image (instructions are upper case).
  (lines) => {
    const first = lines.find((l) => !blank(l) && !l.startsWith('#') && !/^ARG\s/.test(l));
    return first !== undefined && /^FROM\s+\S+(?:\s+AS\s+\S+)?\s*$/.test(first);
  },
];
