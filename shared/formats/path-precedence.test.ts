/**
 * The precedence of path hints (path-hints.ts's header, `HINT_ORDER`), held for every pairing of hints in
 * both readers that take a file's name from around a code block. Each row builds a reply whose block has
 * two hints naming two different files; the stronger kind must win, and the op is a guess exactly when
 * the winner is a guessing kind. Pairs that cannot both stand on one block say why.
 */
import { describe, expect, it } from 'vitest';
import { bestHint, GUESS_HINTS, HINT_ORDER, type HintKind } from './path-hints';
import { searchReplace } from './search-replace';
import { wholeFile } from './whole-file';

const opOf = (parse: (t: string) => { ops: unknown[] }[], text: string) =>
  parse(text).flatMap((b) => b.ops)[0] as { path: string; guess?: boolean; ifExists?: string } | undefined;

/** Whole files: the lines before the fence, the fence's info string, and its first line, for a hint. */
interface Parts {
  above: string[];
  info: string;
  first?: string;
}

/**
 * Each pair: the reply's pieces with hint A naming `a/a.txt`-like files and hint B another, and the kind
 * that must win. `null` marks a pair that cannot co-occur on one block, with the reason.
 */
const WHOLE: Record<string, Parts | string> = {
  'info+line': { above: ['src/b.ts'], info: 'ts src/a.ts' },
  'info+word': { above: ['file_b'], info: 'ts src/a.ts' },
  'info+comment': { above: [], info: 'ts src/a.ts', first: '// src/b.ts' },
  'info+sentence': { above: ['Here is the new `src/b.ts`:'], info: 'ts src/a.ts' },
  'info+language': { above: [], info: 'dockerfile docker/Dockerfile' },
  // `Makefile` alone on the line is both a path line and a file-like word: the line reading wins.
  'line+word': { above: ['Makefile'], info: '' },
  'line+comment': { above: ['src/a.ts'], info: 'ts', first: '// src/b.ts' },
  'line+sentence': 'both are read from the one line above the fence: a path alone on it is no sentence',
  'line+language': { above: ['.devcontainer/Dockerfile'], info: 'dockerfile' },
  'word+comment': { above: ['file_a'], info: '', first: '# src/b.py' },
  'word+sentence': 'both are read from the one line above the fence, and a bare word holds no backticks',
  'word+language': { above: ['file_a'], info: 'dockerfile' },
  'comment+sentence': { above: ['Here is the new `src/b.ts`:'], info: 'ts', first: '// src/a.ts' },
  'comment+language': { above: [], info: 'dockerfile', first: '# docker/Dockerfile' },
  'sentence+language': { above: ['Update `.devcontainer/Dockerfile`:'], info: 'dockerfile' },
  'info+label': { above: ['**File:** src/b.ts', '**Updated code:**'], info: 'ts src/a.ts' },
  'info+new-file': { above: ['Create a new file `src/b.ts`:'], info: 'ts src/a.ts' },
  'info+heading': { above: ['### src/b.ts', '', 'Adds a helper.', ''], info: 'ts src/a.ts' },
  'line+label':
    'the line above the fence is a path (`line`) or a content label that `label` reads past, not both',
  'line+new-file': 'both are read from the one line above the fence: a path alone on it is no sentence',
  'line+heading':
    'the walk up to a heading ends at the first line naming a file, the path line: the same file, or none',
  'label+new-file': 'both read the line above the fence: a content label or a sentence, not both',
  'label+word': 'both read the line above the fence, and a content label is no file-like word',
  'label+comment': { above: ['**File:** src/a.ts', '**Updated code:**'], info: 'ts', first: '// src/b.ts' },
  'label+sentence': 'both read the line above the fence, and a content label names nothing',
  'label+heading':
    "the walk up to a heading ends at the label's own path line: the same file when it is a heading, else none",
  'label+language': { above: ['**File:** docker/Dockerfile', 'Updated content:'], info: 'dockerfile' },
  'new-file+word': 'both are read from the one line above the fence, and a bare word is no sentence',
  'new-file+comment': { above: ['Create a new file `src/a.ts`:'], info: 'ts', first: '// src/b.ts' },
  'new-file+sentence':
    'the one line above the fence is read as one or the other: a sentence that says its file is new is `new-file`',
  'new-file+heading':
    'the walk up to a heading gives up at prose naming another file (the sentence), so a heading never stands beside it naming another',
  'new-file+language': { above: ['Create a new file `docker/Dockerfile`:'], info: 'dockerfile' },
  'word+heading': { above: ['### src/b.ts', '', 'Adds a helper:', 'file_a'], info: 'ts' },
  'comment+heading': { above: ['### src/b.ts', '', 'Adds a helper.'], info: 'ts', first: '// src/a.ts' },
  'sentence+heading':
    'the walk up to a heading gives up at prose naming another file, so the sentence before the fence never has a heading naming another beside it',
  'heading+language': { above: ['### docker/Dockerfile', '', 'Pins the base image.'], info: 'dockerfile' },
  'info+editor-link': {
    above: ['### [b.ts](file:///p/src/b.ts)', '', 'Adds a helper.', ''],
    info: 'ts src/a.ts',
  },
  'line+editor-link':
    'the walk up to a heading ends at the first line naming a file, the path line: the same file, or none',
  'label+editor-link':
    "the walk up to a heading ends at the label's own path line: the same file when it is a heading, else none",
  'new-file+editor-link':
    'the walk up to a heading gives up at prose naming another file (the sentence), so a heading never stands beside it naming another',
  'editor-link+word': {
    above: ['### [a.ts](file:///p/src/a.ts)', '', 'Adds a helper:', 'file_b'],
    info: 'ts',
  },
  'editor-link+comment': {
    above: ['### [a.ts](file:///p/src/a.ts)', '', 'Adds a helper.'],
    info: 'ts',
    first: '// src/b.ts',
  },
  'editor-link+sentence':
    'the walk up to a heading gives up at prose naming another file, so the sentence before the fence never has a heading naming another beside it',
  'editor-link+heading':
    "a block's heading is an editor's link to its file or a heading the model typed, not both",
  'editor-link+language': {
    above: ['### [Dockerfile](file:///p/docker/Dockerfile)', '', 'Pins the base image.'],
    info: 'dockerfile',
  },
};

const WINNER_PATH: Record<string, string> = {
  'info+line': 'src/a.ts',
  'info+word': 'src/a.ts',
  'info+comment': 'src/a.ts',
  'info+sentence': 'src/a.ts',
  'info+language': 'docker/Dockerfile',
  'line+word': 'Makefile',
  'line+comment': 'src/a.ts',
  'line+language': '.devcontainer/Dockerfile',
  'word+comment': 'file_a',
  'word+language': 'file_a',
  'comment+sentence': 'src/a.ts',
  'comment+language': 'docker/Dockerfile',
  'sentence+language': '.devcontainer/Dockerfile',
  'info+label': 'src/a.ts',
  'info+new-file': 'src/a.ts',
  'info+heading': 'src/a.ts',
  'label+comment': 'src/a.ts',
  'label+language': 'docker/Dockerfile',
  'new-file+comment': 'src/a.ts',
  'new-file+language': 'docker/Dockerfile',
  'word+heading': 'file_a',
  'comment+heading': 'src/a.ts',
  'heading+language': 'docker/Dockerfile',
  'info+editor-link': 'src/a.ts',
  'editor-link+word': '/p/src/a.ts',
  'editor-link+comment': '/p/src/a.ts',
  'editor-link+language': '/p/docker/Dockerfile',
};

const pairs: Array<[HintKind, HintKind]> = [];
for (let i = 0; i < HINT_ORDER.length; i++)
  for (let j = i + 1; j < HINT_ORDER.length; j++) pairs.push([HINT_ORDER[i]!, HINT_ORDER[j]!]);

describe('path hints: bestHint follows HINT_ORDER', () => {
  it.each(pairs)('%s beats %s, in either order', (strong, weak) => {
    const s = { kind: strong, path: 's', line: 0 };
    const w = { kind: weak, path: 'w', line: 0 };
    expect(bestHint([s, w])).toBe(s);
    expect(bestHint([w, null, s])).toBe(s);
  });

  it('nothing: null', () => {
    expect(bestHint([null, null])).toBeNull();
  });
});

describe('whole files: every pairing of hints', () => {
  it('the table covers every pair', () => {
    expect(Object.keys(WHOLE).sort()).toEqual(pairs.map(([a, b]) => `${a}+${b}`).sort());
  });

  it.each(pairs)('%s over %s', (strong, weak) => {
    const row = WHOLE[`${strong}+${weak}`]!;
    if (typeof row === 'string') return; // cannot co-occur: the reason is in the table
    const text = [...row.above, `\`\`\`${row.info}`, ...(row.first ? [row.first] : []), 'body', '```'].join(
      '\n',
    );
    const op = opOf(wholeFile.parse, text);
    expect(op?.path).toBe(WINNER_PATH[`${strong}+${weak}`]);
    expect(op?.guess === true).toBe(GUESS_HINTS.has(strong));
    // A sentence that says the file is new creates it, and never writes over one.
    expect(op?.ifExists).toBe(strong === 'new-file' ? 'fail' : 'overwrite');
  });

  it('a heading gives up where the prose under it names another file (the block may be about that one)', () => {
    const text = '### src/b.ts\n\nThis calls `src/c.ts`.\n\nThen:\n\n```ts\nbody\n```';
    expect(opOf(wholeFile.parse, text)).toBeUndefined();
    const same = '### src/b.ts\n\nThis is what `src/b.ts` holds now.\n\nThen:\n\n```ts\nbody\n```';
    expect(opOf(wholeFile.parse, same)).toMatchObject({ path: 'src/b.ts', guess: true });
  });

  it('a language alone names its file only as a guess, spelled as such files are', () => {
    expect(opOf(wholeFile.parse, '```dockerfile\nFROM node\n```')).toMatchObject({
      path: 'Dockerfile',
      guess: true,
    });
    expect(opOf(wholeFile.parse, '```json\n{}\n```')).toBeUndefined();
  });
});

describe('SEARCH/REPLACE: every pairing of the hints it reads', () => {
  const block = '<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n```';
  // SEARCH/REPLACE reads info, line, label, word and language (aider names files on a line, not in prose).
  const rows: Array<[string, string, string, boolean]> = [
    ['info over line', `src/b.py\n\`\`\`python src/a.py\n${block}`, 'src/a.py', false],
    ['info over language', `\`\`\`dockerfile docker/Dockerfile\n${block}`, 'docker/Dockerfile', false],
    [
      'line over language (the real reply)',
      `.devcontainer/Dockerfile\n\`\`\`dockerfile\n${block}`,
      '.devcontainer/Dockerfile',
      false,
    ],
    [
      'line over word: a name alone on its line is a path line',
      `Makefile\n\`\`\`\n${block}`,
      'Makefile',
      false,
    ],
    ['word over language', `file_a\n\`\`\`dockerfile\n${block}`, 'file_a', true],
    [
      'info over label',
      `**File:** src/b.py\n**Updated code:**\n\`\`\`python src/a.py\n${block}`,
      'src/a.py',
      false,
    ],
    [
      'label over language: the path line above a content label',
      `**File to edit:** \`docker/Dockerfile\`\n\n**Updated code:**\n\`\`\`dockerfile\n${block}`,
      'docker/Dockerfile',
      false,
    ],
    ['label over word: the label is read, not a word', `**File:** a.py\nCode:\n${block}`, 'a.py', false],
    ['language alone: a guess', `\`\`\`dockerfile\n${block}`, 'Dockerfile', true],
  ];
  it.each(rows)('%s', (_n, text, path, guess) => {
    const op = opOf(searchReplace.parse, text);
    expect(op?.path).toBe(path);
    expect(op?.guess === true).toBe(guess);
  });

  it("the previous block's file comes before a fence's language (aider reuses it)", () => {
    const text = `a.py\n\`\`\`python\n${block}\n\n\`\`\`dockerfile\n${block}`;
    expect(searchReplace.parse(text).flatMap((b) => b.ops)).toMatchObject([{ path: 'a.py' }]);
    expect(searchReplace.parse(text).flatMap((b) => b.ops)[0]).toMatchObject({
      edits: [{ search: 'old\n' }, { search: 'old\n' }],
    });
  });
});
