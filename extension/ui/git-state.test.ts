/** The git state asked beside the plan's reads (issue 28): asked once, again only for names not asked. */
import { describe, expect, it } from 'vitest';
import type { Method } from '../../shared/protocol/protocol';
import { askGitEarly } from './git-state';
import type { HostCall } from './review';

const ROOT = '/home/ada/site';
const MANY = Array.from({ length: 10_001 }, (_, i) => `src/f${i}.ts`);
const REPO = { repo: true, branch: 'main', files: [{ path: 'src/a.ts', state: 'modified' }] };

function host(answer: unknown) {
  const asked: string[][] = [];
  const call: HostCall = async (method: Method, params) => {
    if (method !== 'gitState') throw new Error(`unexpected ${method}`);
    asked.push((params as { paths: string[] }).paths);
    if (answer instanceof Error) throw answer;
    return answer as never;
  };
  return { call, asked };
}

describe('askGitEarly', () => {
  it.each([
    // [the answer, asked early, the review's names, what the review gets, the questions asked]
    [
      'a repo, every name asked',
      REPO,
      ['src/a.ts', 'src/b.ts'],
      ['src/b.ts', 'src/a.ts'],
      'states',
      [['src/a.ts', 'src/b.ts']],
    ],
    ['a repo, a name not asked', REPO, ['a.ts'], ['src/a.ts'], 'states', [['a.ts'], ['src/a.ts']]],
    ['not a work tree', { repo: false }, ['src/a.ts'], ['lib/a.ts'], null, [['src/a.ts']]],
    [
      'a host that cannot tell',
      new Error('unknown method gitState'),
      ['src/a.ts'],
      ['lib/a.ts'],
      null,
      [['src/a.ts']],
    ],
    ['nothing to ask early', REPO, [], ['src/a.ts'], 'states', [['src/a.ts']]],
    ['a review of no file', REPO, ['src/a.ts'], [], null, [['src/a.ts']]],
    // More names than one question holds: none asked early, the review's own once it is done.
    ['too many names read', REPO, MANY, ['src/a.ts'], 'states', [['src/a.ts']]],
  ] as const)('%s', async (_name, answer, early, review, gets, questions) => {
    const h = host(answer);
    const git = askGitEarly(h.call, ROOT, early);
    // Asked at once, before the review exists.
    expect(h.asked).toHaveLength(early.length > 0 && early.length <= 10_000 ? 1 : 0);
    const info = await git.forReview([...review]);
    if (gets === null) expect(info).toBeNull();
    else expect(info?.states.get('src/a.ts')).toBe('modified');
    expect(h.asked).toEqual(questions);
  });
});
