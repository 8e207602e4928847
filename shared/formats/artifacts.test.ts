/**
 * Claude's artifacts and ChatGPT's canvas documents as tags (artifacts.ts): inline in older Claude
 * replies (corpus unprompted/027), and written by the conversation readers for the documents a message
 * changed. Each is the document's whole text for the file its title or the text before it names.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { artifactAttributes, artifactsParser, artifactTag, documentLabel, pathFromTitle } from './artifacts';
import { detectAll } from './registry';

const tag = (attrs: string, body = 'x = 1\n') => `<antArtifact ${attrs}>\n${body}</antArtifact>`;
const parse = (text: string) => artifactsParser.parse(text);
const ops = (text: string) => parse(text).flatMap((b) => b.ops);
const errors = (text: string) =>
  parse(text)
    .flatMap((b) => b.diagnostics)
    .filter((d) => d.severity === 'error');

describe('artifacts: the file a document is for', () => {
  it.each<[string, string | null]>([
    ['src/app.py', 'src/app.py'],
    ['CookiePolicy.jsx - Cookie page', 'CookiePolicy.jsx'],
    ['main.go: the server', 'main.go'],
    ['`utils.ts` (helpers)', 'utils.ts'],
    ['Dockerfile', 'Dockerfile'],
    ['Data Processing Script', null],
    ['Python Package Installation Script', null],
    ['Version 2.0 - notes', null],
    ['', null],
  ])('title %j → %s', (title, want) => expect(pathFromTitle(title)).toBe(want));

  it('a title that names a file is the path; the whole text is written, created when missing', () => {
    const text = `Done.\n\n${tag('identifier="a" type="application/vnd.ant.code" language="python" title="src/app.py"', 'print(1)\n\nprint(2)\n')}\n`;
    expect(ops(text)).toEqual([
      {
        kind: 'create',
        path: 'src/app.py',
        content: 'print(1)\n\nprint(2)\n',
        ifExists: 'overwrite',
        line: 3,
        document: 'artifact "src/app.py"',
      },
    ]);
    expect(parse(text)[0]!.diagnostics).toEqual([]);
  });

  it('else the path the line right before it names; from a sentence, as a guess', () => {
    const named = ops(`**scripts/install.sh**\n\n${tag('identifier="s" title="Install Script"')}`)[0]!;
    expect(named).toMatchObject({ path: 'scripts/install.sh' });
    expect(named.guess).toBeUndefined();
    const [said] = ops(`Save this as \`install.sh\`:\n\n${tag('identifier="s" title="Install Script"')}`);
    expect(said).toMatchObject({ path: 'install.sh', guess: true });
  });

  it('else the review asks for its path: an op with no path, nothing written until one is given', () => {
    const text = `Here:\n${tag('identifier="script" type="application/vnd.ant.code" title="Data Processing Script" version="3"')}`;
    expect(ops(text)).toEqual([
      {
        kind: 'create',
        path: '',
        content: 'x = 1\n',
        ifExists: 'overwrite',
        line: 2,
        document: 'artifact "Data Processing Script", version 3',
        alias: { how: 'ask', written: '', paths: [] },
      },
    ]);
    expect(errors(text)).toEqual([]);
    expect(parse(text)[0]!.diagnostics[0]!.message).toMatch(
      /^The artifact "Data Processing Script", version 3 at reply line 2 names no file .* the review asks for its path/,
    );
  });

  it('…and code that is whole definitions is a part of a file, looked for in the folder', () => {
    const body = 'def load(path):\n    with open(path) as f:\n        return f.read()\n';
    const text = tag('identifier="l" type="application/vnd.ant.code" language="python" title="Loader"', body);
    expect(ops(text)).toMatchObject([
      { kind: 'replace', path: '', part: true, content: body, alias: { how: 'content' } },
    ]);
  });

  it('a prose document that names no file is said quietly (no error, so no button for an essay)', () => {
    for (const attrs of [
      'identifier="e" type="text/markdown" title="Essay"',
      'source="canvas" type="document" title="Plan"',
    ]) {
      const text = tag(attrs, 'Some prose.\n');
      expect(ops(text)).toEqual([]);
      expect(errors(text)).toEqual([]);
      expect(parse(text)[0]!.diagnostics).toMatchObject([
        { severity: 'info', message: expect.stringMatching(/is a document that names no file/) },
      ]);
    }
  });

  it('a tag never closed is a cut-off document: refused', () => {
    const text = '<antArtifact identifier="a" title="a.py">\nx = 1\n';
    expect(ops(text)).toEqual([]);
    expect(errors(text)[0]!.message).toContain('is never closed');
  });

  it('a tag inside a fenced code block is an example, not a document', () => {
    const text = `Claude writes artifacts like this:\n\n\`\`\`xml\n${tag('identifier="a" title="src/a.py"')}\n\`\`\`\n`;
    expect(ops(text)).toEqual([]);
    expect(parse(text)).toEqual([]);
  });

  it('content on the tag lines, an empty document, entities in attributes', () => {
    expect(ops('<antArtifact title="a.txt">one line</antArtifact>')[0]).toMatchObject({
      content: 'one line\n',
    });
    expect(ops('<antArtifact title="a.txt">\n</antArtifact>')[0]).toMatchObject({ content: '' });
    expect(artifactAttributes('title="a &quot;b&quot; &amp; c"')).toEqual({ title: 'a "b" & c' });
  });

  it('artifactTag writes what the parser reads back, for any title and text', () => {
    const attrs = { identifier: 'x', title: 'src/a "b".ts', source: 'canvas', version: '2' };
    for (const body of ['a\nb\n', 'no newline', '', '</antArtifac\n<antArtifact>\n']) {
      const [op] = ops(artifactTag({ ...attrs, title: 'src/a.ts' }, body));
      expect(op).toMatchObject({
        path: 'src/a.ts',
        content: body === '' || body.endsWith('\n') ? body : `${body}\n`,
      });
    }
    expect(
      artifactAttributes(artifactTag(attrs, '').split('\n')[0]!.slice('<antArtifact '.length, -1)),
    ).toEqual(attrs);
    expect(documentLabel(attrs)).toBe('canvas "src/a "b".ts", version 2');
  });

  it('the inline artifact of a real reply (corpus unprompted/027) is read, its title naming no file', () => {
    const c = JSON.parse(
      readFileSync(new URL('../../../shared/corpus/unprompted/027.json', import.meta.url), 'utf8'),
    );
    const sets = detectAll(c.reply_markdown);
    const set = sets.find((s) => s.source.format === 'artifacts')!;
    // A whole script whose title is no file name: the review asks for its path.
    expect(set.ops).toMatchObject([
      {
        kind: 'create',
        path: '',
        alias: { how: 'ask' },
        document: 'artifact "Python Package Installation Script"',
      },
    ]);
    expect(set.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // Nothing inside the tag is read as another format's block.
    expect(sets.filter((s) => s.source.format !== 'artifacts').flatMap((s) => s.ops)).toEqual([]);
  });
});
