/**
 * The project of the "Add files to the chat" e2e (Chromium and Firefox alike): a git work tree whose
 * `.gitignore` ignores `settings.local.json`, the three files the user picks, and the answer that edits
 * them by the paths the bundle gave (SEARCH/REPLACE, each block under its path).
 */
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { rowTokens, summaryWords } from '../extension/popup/context-words';
import { buildBundle } from '../shared/context/bundle';
import { countTokens, totalOf } from '../shared/context/tokens';
import { instructionFor } from '../shared/instructions/registry';
import { makeProject, readTree, type Tree } from './project';

export const DRAFT = 'Please add a greeting option.';

export const BEFORE: Tree = {
  '.gitignore': '*.local.json\n',
  'src/app.py': 'from util import greet\n\n\ndef main():\n    print(greet("world"))\n',
  'src/util.py': 'def greet(name):\n    return "Hello, " + name\n',
  'settings.local.json': '{\n  "greeting": "Hello"\n}\n',
};

/** In the order the tree lists them (folders' files by path). */
export const PICKED = ['settings.local.json', 'src/app.py', 'src/util.py'] as const;

export const AFTER: Tree = {
  '.gitignore': BEFORE['.gitignore']!,
  'src/app.py': 'from util import greet\n\n\ndef main():\n    print(greet("world", "Hi"))\n',
  'src/util.py': 'def greet(name, greeting="Hello"):\n    return greeting + ", " + name\n',
  'settings.local.json': '{\n  "greeting": "Hi"\n}\n',
};

export const REPLY = [
  'Here is the change.',
  '',
  'src/util.py',
  '```python',
  '<<<<<<< SEARCH',
  'def greet(name):',
  '    return "Hello, " + name',
  '=======',
  'def greet(name, greeting="Hello"):',
  '    return greeting + ", " + name',
  '>>>>>>> REPLACE',
  '```',
  '',
  'src/app.py',
  '```python',
  '<<<<<<< SEARCH',
  '    print(greet("world"))',
  '=======',
  '    print(greet("world", "Hi"))',
  '>>>>>>> REPLACE',
  '```',
  '',
  'settings.local.json',
  '```json',
  '<<<<<<< SEARCH',
  '  "greeting": "Hello"',
  '=======',
  '  "greeting": "Hi"',
  '>>>>>>> REPLACE',
  '```',
].join('\n');

/**
 * What the popup shows for PICKED on `site` and what it inserts, as the site's tokenizer counts: each
 * file's tokens, the summary (the total with the bundle's own words), and the bundle with the instruction.
 */
export function expectedPick(site: string): { rows: string[]; summary: string; bundle: string } {
  const counts = PICKED.map((p) => countTokens(BEFORE[p]!, site));
  const instruction = instructionFor(undefined).text;
  const framing = countTokens(
    buildBundle(
      PICKED.map((path) => ({ path, content: '' })),
      { instruction },
    ),
    site,
  );
  return {
    rows: counts.map(rowTokens),
    summary: summaryWords(PICKED.length, totalOf([...counts, framing], site)),
    bundle: buildBundle(
      PICKED.map((path) => ({ path, content: BEFORE[path]! })),
      { instruction },
    ),
  };
}

/** The project on disk, in a git work tree of its own. */
export function gitProject(): string {
  const { root } = makeProject(BEFORE);
  execFileSync('git', ['init', '-q'], { cwd: root });
  return root;
}

/** The project's files as they are now, git's own folder left out. */
export function projectFiles(root: string): Tree {
  return Object.fromEntries(Object.entries(readTree(root)).filter(([p]) => !p.startsWith('.git/')));
}

const REPO = resolve(import.meta.dirname, '..');
const SITES = join(REPO, 'extension', 'content', 'sites');
const CORPUS = join(REPO, '..', 'shared', 'corpus', 'pages');

export interface Case {
  site: string;
  /** The page the user is on: its composer is where the bundle goes. */
  page: string;
  url: string;
  conversationId: string;
  /** A saved page of the same site whose last assistant turn is the markup the answer is given in. */
  template: string;
}

export const CASES: Case[] = [
  {
    site: 'chatgpt',
    page: join(SITES, 'fixtures', 'chatgpt-two-replies.html'),
    url: 'https://chatgpt.com/c/68f1c2a4-5b6e-8004-9a3c-2f1d7e0b9a11',
    conversationId: '68f1c2a4-5b6e-8004-9a3c-2f1d7e0b9a11',
    template: join(SITES, 'fixtures', 'chatgpt-two-replies.html'),
  },
  {
    site: 'claude',
    page: join(CORPUS, 'claude-403.html'),
    url: 'https://claude.ai/chat/23d7688d-1aa0-4e02-9b24-c81cad3a28e9',
    conversationId: '23d7688d-1aa0-4e02-9b24-c81cad3a28e9',
    template: join(SITES, 'fixtures', 'claude-two-replies.html'),
  },
  {
    site: 'kimi',
    page: join(SITES, 'captures', 'kimi-202-composer.html'),
    url: 'https://www.kimi.com/chat/19b9669f-a572-8d79-8000-09ef2d189203',
    conversationId: '19b9669f-a572-8d79-8000-09ef2d189203',
    template: join(SITES, 'captures', 'kimi-202.html'),
  },
];
