import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectAll } from './registry';
import { xmlEdits } from './xml-edits';

const parse = (text: string) => xmlEdits.parse(text);
const ops = (text: string) => parse(text).flatMap((b) => b.ops);
const diags = (text: string) => parse(text).flatMap((b) => b.diagnostics);
const errors = (text: string) => diags(text).filter((d) => d.severity === 'error');

/** A `<file>` element with one change per [search, content] pair (`null` leaves the part out). */
function file(attrs: string, ...changes: Array<[string | null, string | null]>): string {
  const body = (tag: string, text: string) => `    <${tag}>\n===\n${text}\n===\n    </${tag}>`;
  return [
    `<file ${attrs}>`,
    ...changes.map(([s, c]) =>
      [
        '  <change>',
        s === null ? null : body('search', s),
        c === null ? null : body('content', c),
        '  </change>',
      ]
        .filter((x) => x !== null)
        .join('\n'),
    ),
    '</file>',
  ].join('\n');
}

describe('xml-edits: actions', () => {
  it.each([
    [
      'create',
      file('path="a.txt" action="create"', [null, 'hi']),
      { kind: 'create', path: 'a.txt', content: 'hi', ifExists: 'fail', line: 1 },
    ],
    [
      'rewrite',
      file('path="a.txt" action="rewrite"', [null, 'hi']),
      { kind: 'replace', path: 'a.txt', content: 'hi', line: 1 },
    ],
    [
      'modify',
      file('path="a.txt" action="modify"', ['old', 'new'], ['two', '']),
      {
        kind: 'search-replace',
        path: 'a.txt',
        edits: [
          { search: 'old', replace: 'new', all: false },
          { search: 'two', replace: '', all: false },
        ],
        line: 1,
      },
    ],
    ['delete', '<file path="a.txt" action="delete"/>', { kind: 'delete', path: 'a.txt', line: 1 }],
    [
      'rename',
      '<file path="a.txt" action="rename">\n  <new path="b/a.txt"/>\n</file>',
      { kind: 'rename', from: 'a.txt', to: 'b/a.txt', line: 1 },
    ],
    ['MODIFY (any case)', file('path="a" action="MODIFY"', ['x', 'y']), { kind: 'search-replace' }],
  ])('%s', (_n, text, op) => {
    expect(ops(text)).toEqual([expect.objectContaining(op)]);
    expect(diags(text)).toEqual([]);
  });

  it('gives every op the line of its <file> tag, one block per file', () => {
    const text = `intro\n\n${file('path="a" action="create"', [null, 'x'])}\n\n<file path="b" action="delete"/>`;
    expect(parse(text).map((b) => [b.start, b.end, b.ops[0]!.line])).toEqual([
      [3, 11, 3],
      [13, 13, 13],
    ]);
  });

  it('keeps paths exactly as written, absolute ones and spaces too', () => {
    const text = '<file path="/Users/me/My Site/index.html" action="delete"/>';
    expect(ops(text)).toEqual([{ kind: 'delete', path: '/Users/me/My Site/index.html', line: 1 }]);
  });

  it('puts the <Plan> in the summary of the first block with an op', () => {
    const text = `<Plan>\nStep one.\n  Step two.\n</Plan>\n${file('path="a" action="create"', [null, 'x'])}`;
    expect(parse(text)[0]!.summary).toBe('Step one.\n  Step two.');
  });
});

describe('xml-edits: bodies', () => {
  it.each([
    ['no final newline: the line break before the closing === is not text', 'a\nb', 'a\nb'],
    ['a blank last line is a final newline', 'a\nb\n', 'a\nb\n'],
    ['an empty body', '', ''],
    ['never unescaped', '&lt;b&gt; &amp; <![CDATA[x]]>', '&lt;b&gt; &amp; <![CDATA[x]]>'],
    [
      'closing tags inside are text',
      '</content>\n</change>\n</file>\n<file path="x" action="delete"/>',
      null,
    ],
    ['a === line not followed by a closing tag is text (a heading underline)', 'Title\n===\n\nText', null],
    ['indentation kept as written', '    deep\n\ttab', null],
  ])('%s', (_n, body, expected) => {
    const text = `<file path="a.md" action="create">\n<change>\n<content>\n===\n${body}\n===\n</content>\n</change>\n</file>`;
    expect(ops(text)).toEqual([expect.objectContaining({ content: expected ?? body })]);
    expect(diags(text)).toEqual([]);
  });

  it('reads CRLF replies with LF text', () => {
    const text = file('path="a" action="modify"', ['x\ny', 'z']).replaceAll('\n', '\r\n');
    expect(ops(text)[0]).toMatchObject({ edits: [{ search: 'x\ny', replace: 'z' }] });
  });

  it('does not let a body that lost its closing === swallow the next body', () => {
    const text = [
      '<file path="a" action="create">',
      '<change>',
      '<content>',
      '===',
      'first file',
      '</content>',
      '</change>',
      '</file>',
      '<file path="b" action="create">',
      '<change>',
      '<content>',
      '===',
      'second file',
      '===',
      '</content>',
      '</change>',
      '</file>',
    ].join('\n');
    expect(ops(text)).toEqual([expect.objectContaining({ path: 'b', content: 'second file' })]);
    expect(errors(text)).toContainEqual(
      expect.objectContaining({
        line: 4,
        message: expect.stringMatching(/no closing === line before the next body/),
      }),
    );
    expect(parse(text).filter((b) => b.ops.length === 0)).toHaveLength(1);
  });
});

describe('xml-edits: named tolerances', () => {
  it.each([
    ['attributes in the other order', `<file action="delete" path="a"/>`],
    ['single quotes', `<file path='a' action='delete'/>`],
    ['spaces around =', `<file path = "a"  action = "delete" />`],
    ['tag names in any case', `<FILE path="a" action="delete"></FILE>`],
    ['indented tags', `    <file path="a" action="delete">\n    </file>`],
    ['an empty body', `<file path="a" action="delete">\n</file>`],
    [
      'the documented empty <content>',
      `<file path="a" action="delete">\n  <change>\n    <description>Remove it</description>\n    <content>\n===\n===\n    </content>\n  </change>\n</file>`,
    ],
    ['<content></content>', `<file path="a" action="delete"><change><content></content></change></file>`],
    ['<content/>', `<file path="a" action="delete">\n<change>\n<content/>\n</change>\n</file>`],
    ['a comment inside <file>', `<file path="a" action="delete">\n<!-- gone -->\n<!--\nmulti\n-->\n</file>`],
  ])('delete: %s', (_n, text) => {
    expect(ops(text)).toEqual([{ kind: 'delete', path: 'a', line: 1 }]);
    expect(diags(text)).toEqual([]);
  });

  it.each([
    [
      'indented === lines',
      '<search>\n  ===\nold\n  ===\n</search>\n<content>\n\t===\nnew\n\t===\n</content>',
    ],
    [
      'blank lines around ===',
      '<search>\n\n===\nold\n===\n\n</search>\n<content>\n===\nnew\n===\n</content>',
    ],
    [
      'a description over several lines',
      '<description>\nFirst line\n<b>second</b>\n</description>\n<search>\n===\nold\n===\n</search>\n<content>\n===\nnew\n===\n</content>',
    ],
    [
      'several tags on a line',
      '<description>x</description><search>\n===\nold\n===\n</search><content>\n===\nnew\n===\n</content>',
    ],
  ])('modify: %s', (_n, inner) => {
    const text = `<file path="a" action="modify">\n<change>\n${inner}\n</change>\n</file>`;
    expect(ops(text)).toEqual([
      { kind: 'search-replace', path: 'a', edits: [{ search: 'old', replace: 'new', all: false }], line: 1 },
    ]);
    expect(diags(text)).toEqual([]);
  });

  // A real Repo Prompt reply (akara286/Madias-Wastershed, Plan.md at 87360b6) closes every <search>
  // with </content>: its === lines still say where the text ends.
  it('modify: a <search> closed by </content>, with a warning naming it', () => {
    const text =
      '<file path="a" action="modify">\n<change>\n<search>\n===\nold\n===\n</content>\n<content>\n===\nnew\n===\n</content>\n</change>\n</file>';
    expect(ops(text)).toEqual([
      { kind: 'search-replace', path: 'a', edits: [{ search: 'old', replace: 'new', all: false }], line: 1 },
    ]);
    expect(diags(text)).toEqual([
      {
        severity: 'warning',
        line: 7,
        message:
          'The <search> at reply line 3 (a) is closed by </content> at reply line 7; its text ends at its closing ===, so it was read as </search>.',
      },
    ]);
  });

  it('reads the answer inside a ```xml fence, with prose around it', () => {
    const text = `Here you go:\n\n\`\`\`xml\n<Plan>Do it.</Plan>\n${file('path="a" action="create"', [null, 'x'])}\n\`\`\`\nDone.`;
    expect(ops(text)).toEqual([expect.objectContaining({ kind: 'create', line: 5 })]);
    expect(parse(text)[0]!.summary).toBe('Do it.');
  });

  it('reads an unclosed <Plan> up to the first <file>, with a warning', () => {
    const text = `<Plan>\nThe plan.\n${file('path="a" action="create"', [null, 'x'])}`;
    const blocks = parse(text);
    expect(blocks.flatMap((b) => b.ops)).toHaveLength(1);
    expect(blocks.flatMap((b) => b.diagnostics)).toEqual([
      expect.objectContaining({ severity: 'warning', line: 1 }),
    ]);
    expect(blocks.find((b) => b.ops.length)!.summary).toBe('The plan.');
  });

  it('warns, and deletes, when a delete carries text', () => {
    const text = file('path="a" action="delete"', [null, 'left over']);
    expect(ops(text)).toEqual([{ kind: 'delete', path: 'a', line: 1 }]);
    expect(diags(text)).toEqual([expect.objectContaining({ severity: 'warning', line: 2 })]);
  });
});

describe('xml-edits: refused, with an error on the right line', () => {
  it.each([
    ['an unknown action', '<file path="a" action="update">\n</file>', 1, /Unknown action "update"/],
    ['a missing action', '<file path="a">\n</file>\n<file path="b" action="delete"/>', 1, /no action/],
    ['a missing path', '<file action="delete"/>', 1, /no path/],
    ['an unknown tag', '<file path="a" action="delete">\n  <remove/>\n</file>', 2, /Unknown tag <remove>/],
    ['stray text', '<file path="a" action="delete">\n  goodbye\n</file>', 2, /Unexpected text/],
    ['a <change> without <content>', file('path="a" action="modify"', ['x', null]), 2, /no <content>/],
    [
      'a create <change> without <content>',
      file('path="a" action="create"', [null, null]),
      2,
      /no <content>/,
    ],
    ['a modify <change> without <search>', file('path="a" action="modify"', [null, 'y']), 2, /no <search>/],
    ['an empty <search>', file('path="a" action="modify"', ['', 'y']), 3, /<search> .* is empty/],
    ['a <search> in create', file('path="a" action="create"', ['x', 'y']), 3, /modify only/],
    ['a <search> in rewrite', file('path="a" action="rewrite"', ['x', 'y']), 3, /modify only/],
    [
      'two contents in rewrite',
      file('path="a" action="rewrite"', [null, 'x'], [null, 'y']),
      1,
      /2 <content>/,
    ],
    ['modify without changes', '<file path="a" action="modify">\n</file>', 1, /no <change>/],
    ['create without changes', '<file path="a" action="create"/>', 1, /no <change>/],
    ['a rename without <new>', '<file path="a" action="rename"/>', 1, /no <new path/],
    [
      'a rename with text',
      '<file path="a" action="rename">\n<new path="b"/>\n<change>\n<content>\n===\nx\n===\n</content>\n</change>\n</file>',
      1,
      /carries a <change> body/,
    ],
    [
      '<new> outside a rename',
      '<file path="a" action="delete">\n<new path="b"/>\n</file>',
      1,
      /belongs to a rename/,
    ],
    [
      'a body without === lines',
      '<file path="a" action="create">\n<change>\n<content>\nx\n</content>\n</change>\n</file>',
      4,
      /exactly ===/,
    ],
    [
      'a CDATA body',
      '<file path="a" action="create">\n<change>\n<content><![CDATA[\nx\n]]></content>\n</change>\n</file>',
      3,
      /more on its line/,
    ],
    [
      'a body without its closing ===',
      '<file path="a" action="create">\n<change>\n<content>\n===\nx\n</content>\n</change>\n</file>',
      4,
      /no closing ===/,
    ],
    [
      'a missing </content> after the closing ===',
      '<file path="a" action="create">\n<change>\n<content>\n===\nx\n===\n</change>\n</file>',
      3,
      /not closed by <\/content>/,
    ],
    [
      'a <content> outside a <change>',
      '<file path="a" action="create">\n<content>\n===\nx\n===\n</content>\n</file>',
      2,
      /outside a <change>/,
    ],
    [
      'a <change> not closed before the next',
      '<file path="a" action="modify">\n<change>\n<change>\n<search>\n===\nx\n===\n</search>\n<content>\n===\ny\n===\n</content>\n</change>\n</file>',
      2,
      /not closed before the next <change>/,
    ],
    ['a cut-off <file>', '<file path="a" action="create">\n<change>\n', 1, /never closed/],
    [
      'a <file> not closed before the next',
      '<file path="a" action="delete">\n<file path="b" action="delete"/>',
      1,
      /not closed before the next <file>/,
    ],
    [
      'a <change> outside any <file>',
      '<file path="a" action="delete"/>\n<change>\n</change>',
      2,
      /outside any <file/,
    ],
    [
      'a <file> tag split over lines',
      '<file path="a"\n  action="delete"/>\n<file path="b" action="delete"/>',
      1,
      /could not be read/,
    ],
  ])('%s', (_n, text, line, message) => {
    const found = errors(text);
    expect(found.length).toBeGreaterThan(0);
    expect(found).toContainEqual(expect.objectContaining({ line, message: expect.stringMatching(message) }));
    const bad = parse(text).filter((b) => b.diagnostics.some((d) => d.severity === 'error'));
    expect(bad.flatMap((b) => b.ops)).toEqual([]);
  });

  it('keeps the other files of the reply', () => {
    const text = `<file path="a" action="update"/>\n${file('path="b" action="create"', [null, 'x'])}`;
    expect(ops(text)).toEqual([expect.objectContaining({ path: 'b' })]);
    expect(errors(text)).toHaveLength(1);
  });

  it('skips a CDATA body up to its closing tag and reads the next file', () => {
    const text = `<file path="a" action="create">\n<change>\n<content><![CDATA[\nx\n]]></content>\n</change>\n</file>\n<file path="b" action="delete"/>`;
    expect(ops(text)).toEqual([{ kind: 'delete', path: 'b', line: 8 }]);
  });

  it('says so when a body that never closes took the rest of the reply with it', () => {
    const text =
      '<file path="a" action="create">\n<change>\n<content>\n===\nx\n</content>\n</change>\n</file>\n<file path="b" action="delete"/>';
    expect(ops(text)).toEqual([]);
    expect(errors(text)).toContainEqual(
      expect.objectContaining({
        line: 4,
        message: expect.stringMatching(/nothing from there to the end was applied/),
      }),
    );
  });

  it('reports unknown tags once per file, with their count', () => {
    const text = '<file path="a" action="delete">\n<foo/>\n<bar/>\n<baz/>\n</file>';
    expect(errors(text)).toEqual([
      expect.objectContaining({ line: 2, message: expect.stringMatching(/<foo> .*and 2 more unknown tags/) }),
    ]);
  });

  it('reports an unknown element with a === body once, not line by line', () => {
    const text = '<file path="a" action="modify">\n<change>\n<old>\n===\nx\n===\n</old>\n</change>\n</file>';
    expect(errors(text)).toEqual([
      expect.objectContaining({ line: 3, message: expect.stringMatching(/<old>/) }),
    ]);
  });
});

describe('xml-edits: detect', () => {
  it.each([
    ['<file path="a" action="delete"/>', true],
    ['  <file action="modify" path="a">', true],
    ['<file path="a">code</file>', false],
    ['Use `<file path="a" action="modify">` tags.', false],
    ['<FILE_NEW file_path="a">', false],
    ['<file_contents>\nFile: a\n</file_contents>', false],
  ])('%s → %s', (text, expected) => {
    expect(xmlEdits.detect(text)).toBe(expected);
  });
});

describe('xml-edits: hostile input', () => {
  const MARKERS = [
    '<Plan>',
    '</Plan>',
    '<file path="a.txt" action="modify">',
    '<file path="b.txt" action="create">',
    '<file path="c" action="delete"/>',
    '<file path="d" action="rename">',
    '<new path="e"/>',
    '<file action="bogus">',
    '</file>',
    '<change>',
    '</change>',
    '<description>',
    '<description>x</description>',
    '</description>',
    '<search>',
    '</search>',
    '<content>',
    '</content>',
    '<content/>',
    '===',
    '  ===',
    '<!--',
    '-->',
    '```xml',
    '```',
    '',
    'code <a href="x">',
  ];
  const line = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...MARKERS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  );
  const reply = fc
    .tuple(fc.array(line, { maxLength: 40 }), fc.constantFrom('\n', '\r\n'))
    .map(([ls, eol]) => ls.join(eol));

  it('never throws, and keeps every line number inside the reply', () => {
    fc.assert(
      fc.property(reply, (text) => {
        const count = text.split(/\r\n|\r|\n/).length;
        for (const b of xmlEdits.parse(text)) {
          expect(b.start).toBeGreaterThanOrEqual(1);
          expect(b.end).toBeLessThanOrEqual(count);
          expect(b.start).toBeLessThanOrEqual(b.end);
          for (const d of [...b.ops, ...b.diagnostics]) {
            expect(d.line).toBeGreaterThanOrEqual(1);
            expect(d.line).toBeLessThanOrEqual(count);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('stays linear on a long reply', () => {
    const change =
      '<change>\n<search>\n===\nold\n===\n</search>\n<content>\n===\nnew\n===\n</content>\n</change>';
    const text = `<file path="a" action="modify">\n${Array(20_000).fill(change).join('\n')}\n</file>`;
    const t0 = performance.now();
    expect(ops(text)[0]).toMatchObject({ kind: 'search-replace' });
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});

describe('xml-edits: a real reply (corpus case 247, Repo Prompt rewrite of a 69 KB index.html)', () => {
  const load = () =>
    JSON.parse(
      readFileSync(new URL('../../../shared/corpus/llm-edits/247.json', import.meta.url), 'utf8'),
    ) as {
      reply_text: string;
      expected_files: Record<string, string>;
    };

  it('is one replace whose content is the committed file, byte for byte', () => {
    const c = load();
    const blocks = xmlEdits.parse(c.reply_text);
    expect(blocks.flatMap((b) => b.diagnostics)).toEqual([]);
    expect(blocks.flatMap((b) => b.ops)).toEqual([
      {
        kind: 'replace',
        path: '/Users/alikara/Desktop/508 website/index.html',
        content: c.expected_files['index.html'],
        line: 10,
      },
    ]);
    expect(blocks[0]!.summary).toMatch(/^1\. {2}\*\*Modify `index.html`:\*\*/);
  });

  it('detectAll finds exactly one xml-edits change set with that op', () => {
    const c = load();
    const sets = detectAll(c.reply_text);
    expect(sets.map((s) => s.source.format)).toEqual(['xml-edits']);
    expect(sets[0]!.ops).toHaveLength(1);
    const op = sets[0]!.ops[0]!;
    if (op.kind !== 'replace') expect.unreachable(`a replace, not ${op.kind}`);
    expect(op.line).toBe(10);
    // The registry may map the absolute path; the file it names stays the same.
    expect(op.path.endsWith('508 website/index.html')).toBe(true);
    expect(op.content === c.expected_files['index.html']).toBe(true);
  });
});
