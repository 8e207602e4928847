/**
 * Issue 40's invariant, held over generated files and snippets: a line of the file is removed only where
 * the reply shows it removed or replaced. A file is a module — imports and a constant above a class,
 * helpers (and, in Python, a `__main__` block) below it — in Python or JavaScript. A reply edits it as
 * models write lazy snippets: some methods replaced, new ones added right after the method they follow,
 * shown with or without the class's first line, with `# ... (other methods remain the same)` comments at
 * the start, between and at the end (or none), in the file's order or shuffled, indented as the class
 * or not at all; or a helper replaced. Each is planned as the whole text of the file by every op that
 * carries one (a fence naming the file, a stated new file that exists, a name guessed from the prose, a
 * block placed by its content), through the engine's own plan:
 * (a) the result is the file the edit means, or the reply is refused — never another text;
 * (b) for any snippet (the same ones with their comments dropped, or lines of the file left out as models
 *     forget them), every line of the file outside the definitions the snippet shows stays, in order.
 * Both count how often they applied, so that neither passes by refusing everything.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Op } from '../changeset/changeset';
import { plan } from './plan';

type Lang = 'py' | 'js';

interface Method {
  name: string;
  body: string[];
}

interface Model {
  lang: Lang;
  imports: string[];
  methods: Method[];
  helpers: Method[];
  main: boolean;
}

const IND: Record<Lang, string> = { py: '    ', js: '  ' };

function methodLines(lang: Lang, m: Method, ind: string): string[] {
  if (lang === 'py') return [`${ind}def ${m.name}(self):`, ...m.body.map((b) => `${ind}    ${b}`)];
  return [`${ind}${m.name}() {`, ...m.body.map((b) => `${ind}  ${b};`), `${ind}}`];
}

function helperLines(lang: Lang, h: Method): string[] {
  if (lang === 'py') return [`def ${h.name}():`, ...h.body.map((b) => `    ${b}`)];
  return [`function ${h.name}() {`, ...h.body.map((b) => `  ${b};`), '}'];
}

function classHead(lang: Lang): string {
  return lang === 'py' ? 'class Board:' : 'class Board {';
}

/** The file of a model, as lines. */
function render(m: Model): string[] {
  const out = [...m.imports, '', m.lang === 'py' ? 'SIZE = 9' : 'const SIZE = 9;', '', ''];
  out.push(classHead(m.lang));
  if (m.lang === 'py') out.push('    """The board."""', '');
  m.methods.forEach((x, i) => {
    if (i > 0) out.push('');
    out.push(...methodLines(m.lang, x, IND[m.lang]));
  });
  if (m.lang === 'js') out.push('}');
  for (const h of m.helpers) out.push('', '', ...helperLines(m.lang, h));
  if (m.main) {
    if (m.lang === 'py') out.push('', '', 'if __name__ == "__main__":', '    main()');
    else out.push('', 'export default Board;');
  }
  return out;
}

const nameArb = fc.stringMatching(/^[a-z]{3,7}$/);
const bodyArb = (lang: Lang) =>
  fc
    .array(fc.tuple(fc.constantFrom('x', 'y', 'total', 'self.n'), fc.nat(99)), { minLength: 1, maxLength: 3 })
    .map((rows) =>
      rows.map(([v, n], i) =>
        i === rows.length - 1
          ? `return ${v === 'self.n' && lang === 'js' ? 'this.n' : v} + ${n}`
          : lang === 'py'
            ? `${v.replace('self.', '')}_${i} = ${n} * ${i + 1}`
            : `const ${v.replace('self.', '')}_${i} = ${n} * ${i + 1}`,
      ),
    );

const modelArb: fc.Arbitrary<Model> = fc.constantFrom<Lang>('py', 'js').chain((lang) =>
  fc
    .record({
      names: fc.uniqueArray(nameArb, { minLength: 6, maxLength: 12 }),
      bodies: fc.array(bodyArb(lang), { minLength: 12, maxLength: 12 }),
      nMethods: fc.integer({ min: 3, max: 8 }),
      nHelpers: fc.integer({ min: 0, max: 2 }),
      main: fc.boolean(),
      imports: fc.subarray(
        lang === 'py'
          ? ['import os', 'import random', 'from typing import List']
          : ["import fs from 'node:fs';", "import { join } from 'node:path';"],
        { minLength: 1 },
      ),
    })
    .filter((r) => r.names.length >= r.nMethods + r.nHelpers + 2)
    .map((r) => ({
      lang,
      imports: r.imports,
      methods: r.names.slice(0, r.nMethods).map((name, i) => ({ name, body: r.bodies[i]! })),
      helpers: r.names
        .slice(r.nMethods, r.nMethods + r.nHelpers)
        .map((name, i) => ({ name: `${name}_h`, body: r.bodies[r.nMethods + i]! })),
      main: r.main,
    })),
);

/** An edit of a model and the snippet a model might write for it. */
interface Edit {
  /** Methods replaced: index → new body. */
  replace: Map<number, string[]>;
  /** New methods, each after the method of that index. */
  add: Map<number, Method>;
  /** A helper replaced instead of methods. */
  helper: { index: number; body: string[] } | null;
  withClassLine: boolean;
  indent: boolean;
  /** Where comments go: at the start, between items, at the end. */
  lead: boolean;
  between: boolean;
  trail: boolean;
  shuffle: boolean;
}

const elision = (lang: Lang, ind: string) =>
  lang === 'py' ? `${ind}# ... (other methods remain the same)` : `${ind}// ... existing code ...`;

function intended(m: Model, e: Edit): string[] {
  if (e.helper) {
    const helpers = m.helpers.map((h, i) => (i === e.helper!.index ? { ...h, body: e.helper!.body } : h));
    return render({ ...m, helpers });
  }
  const methods: Method[] = [];
  m.methods.forEach((x, i) => {
    methods.push(e.replace.has(i) ? { ...x, body: e.replace.get(i)! } : x);
    const add = e.add.get(i);
    if (add) methods.push(add);
  });
  return render({ ...m, methods });
}

function snippet(m: Model, e: Edit, order: number[]): string[] {
  const lang = m.lang;
  if (e.helper) {
    const h = { ...m.helpers[e.helper.index]!, body: e.helper.body };
    const c = lang === 'py' ? '# ... rest of the file unchanged' : '// ... rest of the file unchanged';
    return [...(e.lead ? [c, ''] : []), ...helperLines(lang, h), ...(e.trail ? ['', c] : [])];
  }
  const ind = e.withClassLine || e.indent ? IND[lang] : '';
  // Items in file order: each replaced method, then the new one right after it (no comment between).
  const groups: string[][] = [];
  for (const i of order) {
    const lines: string[] = [];
    if (e.replace.has(i))
      lines.push(...methodLines(lang, { ...m.methods[i]!, body: e.replace.get(i)! }, ind));
    const add = e.add.get(i);
    if (add) {
      // A new method follows the one it goes after, shown.
      if (!e.replace.has(i)) lines.push(...methodLines(lang, m.methods[i]!, ind));
      lines.push('', ...methodLines(lang, add, ind));
    }
    if (lines.length > 0) groups.push(lines);
  }
  const out: string[] = [];
  if (e.withClassLine) out.push(classHead(lang));
  if (e.lead) out.push(elision(lang, ind), '');
  groups.forEach((g, k) => {
    if (k > 0) out.push(...(e.between ? ['', elision(lang, ind), ''] : ['']));
    out.push(...g);
  });
  if (e.trail) out.push('', elision(lang, ind));
  if (e.withClassLine && lang === 'js') out.push('}');
  return out;
}

const editArb = (m: Model): fc.Arbitrary<Edit> =>
  fc
    .record({
      replaceIdx: fc.subarray(
        m.methods.map((_, i) => i),
        { minLength: 0 },
      ),
      bodies: fc.array(bodyArb(m.lang), { minLength: m.methods.length, maxLength: m.methods.length }),
      addAt: fc.subarray(
        m.methods.map((_, i) => i),
        { maxLength: 2 },
      ),
      addNames: fc.array(fc.stringMatching(/^new[a-z]{2,5}$/), { minLength: 2, maxLength: 2 }),
      helper: m.helpers.length > 0 ? fc.option(fc.nat(m.helpers.length - 1), { freq: 4 }) : fc.constant(null),
      withClassLine: fc.boolean(),
      indent: fc.boolean(),
      lead: fc.boolean(),
      between: fc.boolean(),
      trail: fc.boolean(),
      shuffle: fc.boolean(),
    })
    .filter((r) => r.replaceIdx.length + r.addAt.length > 0 && r.addNames[0] !== r.addNames[1])
    .map((r) => ({
      replace: new Map(
        r.replaceIdx.map((i) => [i, r.bodies[i]!.map((b) => `${b} + 1`)] as [number, string[]]),
      ),
      add: new Map(
        r.addAt.map((i, k) => [i, { name: r.addNames[k]!, body: [`return ${k + 7}`] }] as [number, Method]),
      ),
      helper:
        r.helper === null
          ? null
          : { index: r.helper, body: m.helpers[r.helper]!.body.map((b) => `${b} - 1`) },
      withClassLine: r.withClassLine,
      indent: r.indent,
      lead: r.lead,
      between: r.between,
      trail: r.trail,
      shuffle: r.shuffle,
    }));

/**
 * Every way a whole text reaches a file: a fence naming it (`replace`), a stated "new file" that exists
 * (`create`, overwrite), a name only guessed from the prose (`guess`), a block that names no file and is
 * placed by its content (`part`).
 */
type Path = 'replace' | 'create' | 'guess' | 'part';
const pathArb = fc.constantFrom<Path>('replace', 'create', 'guess', 'part');

function opOf(lines: string[], path: Path): Op {
  const content = `${lines.join('\n')}\n`;
  if (path === 'replace') return { kind: 'replace', path: 'board', content, line: 1 } as Op;
  if (path === 'part') return { kind: 'replace', path: 'board', content, line: 1, part: true } as Op;
  return {
    kind: 'create',
    path: 'board',
    content,
    ifExists: 'overwrite',
    line: 1,
    ...(path === 'guess' ? { guess: true } : {}),
  } as Op;
}

/** The text the plan would write, or null when it refuses (a failure, an error note, or no file). */
function applied(file: string[], reply: string[], path: Path = 'replace'): string[] | null {
  const p = plan(
    { id: 't', source: { format: 'whole-file' }, ops: [opOf(reply, path)], diagnostics: [] },
    new Map([['board', { text: `${file.join('\n')}\n`, hash: 'h' }]]),
  );
  const f = p.files[0];
  if (!f || f.status !== 'ok' || f.newText === null) return null;
  return f.newText.replace(/\n$/, '').split('\n');
}

/** Whether `sub` is a subsequence of `all`. */
function subsequence(sub: readonly string[], all: readonly string[]): boolean {
  let j = 0;
  for (const l of all) if (j < sub.length && l === sub[j]) j++;
  return j === sub.length;
}

/** The file's lines outside the definitions named `shown` (by their signature's name), blank ones out. */
function outside(m: Model, shown: ReadonlySet<string>): string[] {
  const out = render({
    ...m,
    methods: m.methods.filter((x) => !shown.has(x.name)),
    helpers: m.helpers.filter((h) => !shown.has(h.name)),
  });
  return out.filter((l) => l.trim() !== '');
}

describe('a lazy snippet removes only what it shows removed or replaced (issue 40)', () => {
  it('(a) writes the file the edit means, or refuses', () => {
    let wrote = 0;
    let runs = 0;
    fc.assert(
      fc.property(
        modelArb.chain((m) => fc.tuple(fc.constant(m), editArb(m), fc.nat(), pathArb)),
        ([m, e, seed, path]) => {
          runs++;
          const file = render(m);
          const order = m.methods.map((_, i) => i);
          if (e.shuffle) order.sort((a, b) => ((a * 7919 + seed) % 13) - ((b * 7919 + seed) % 13));
          // Shuffled methods are separate items: comments between them, so no new method's place moves.
          const edit = e.shuffle ? { ...e, between: true } : e;
          const reply = snippet(m, edit, order);
          const got = applied(file, reply, path);
          if (got === null) return;
          wrote++;
          expect(got, `${path}, reply:\n${reply.join('\n')}`).toEqual(intended(m, edit));
        },
      ),
      { numRuns: 600 },
    );
    // The readings apply to most of these snippets; a property that refuses everything holds nothing.
    expect(wrote / runs).toBeGreaterThan(0.6);
  });

  it('(b) keeps every line outside the definitions a snippet shows, however it is cut', () => {
    let wrote = 0;
    fc.assert(
      fc.property(
        modelArb.chain((m) =>
          fc.tuple(fc.constant(m), editArb(m), fc.array(fc.nat(), { maxLength: 3 }), fc.boolean(), pathArb),
        ),
        ([m, e, drops, noComments, path]) => {
          const file = render(m);
          let reply = snippet(
            m,
            e,
            m.methods.map((_, i) => i),
          );
          if (noComments) reply = reply.filter((l) => !/\.\.\./.test(l));
          // Lines models forget: dropped from the snippet at random.
          for (const d of drops) if (reply.length > 3) reply.splice(d % reply.length, 1);
          const shown = new Set<string>();
          for (const l of reply) {
            const n = /(?:def|function)\s+(\w+)|^\s*(\w+)\(\) \{/.exec(l);
            if (n) shown.add((n[1] ?? n[2])!);
          }
          const got = applied(file, reply, path);
          if (got === null) return;
          wrote++;
          expect(
            subsequence(outside(m, shown), got),
            `${path}, reply:\n${reply.join('\n')}\ngot:\n${got.join('\n')}`,
          ).toBe(true);
        },
      ),
      { numRuns: 600 },
    );
    expect(wrote).toBeGreaterThan(100);
  });
});
