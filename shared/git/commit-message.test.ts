import { describe, expect, it } from 'vitest';
import { COMMIT_SUBJECT_MAX, commitMessage, firstSentence, revertMessage } from './commit-message';

describe('firstSentence', () => {
  it.each([
    ['Rename the greeting:\n\n```diff\n--- a/g.py\n```', 'Rename the greeting'],
    ['Fix the bug. Then test it.', 'Fix the bug'],
    ['Update app.txt to say hello! More.', 'Update app.txt to say hello'],
    ['```js\nconst a = 1.\n```\nNow the prose.', 'Now the prose'],
    ['<think>Let me think. Ok.</think>\nAdd a **README** file', 'Add a README file'],
    ['thinking out loud</think>Answer here.', 'Answer here'],
    ['## Plan\n- Swap   the operands', 'Plan'],
    ['--- START-FILE: a.txt ---\nx\n--- END-FILE: a.txt ---', null],
    ['', null],
    ['@@ -1 +1 @@\n-a\n+b', null],
    ['--- a/x\n+++ b/x\n@@\n-old line\n+new line\n\nThe diff fixes it.', 'The diff fixes it'],
  ] as Array<[string, string | null]>)('%j → %j', (text, want) => {
    expect(firstSentence(text)).toBe(want);
  });
});

describe('commitMessage', () => {
  it('prefers the summary, then the reply text, then a count of files', () => {
    expect(commitMessage({ summary: 'Add tests. Also docs.', text: 'Other.' }, 2)).toBe(
      'replyapply: Add tests',
    );
    expect(commitMessage({ text: 'Swap the operands:\n```diff\n```' }, 1)).toBe(
      'replyapply: Swap the operands',
    );
    expect(commitMessage({ text: '```\ncode\n```' }, 1)).toBe('replyapply: apply 1 file');
    expect(commitMessage({}, 3)).toBe('replyapply: apply 3 files');
  });

  it('keeps one line of at most 72 characters, cut at a word', () => {
    const m = commitMessage({ text: `This sentence ${'goes on and on '.repeat(10)}forever` }, 1);
    expect(m.length).toBeLessThanOrEqual(COMMIT_SUBJECT_MAX);
    expect(m).toMatch(/^replyapply: This sentence goes on .* on…$/);
    expect(m).not.toContain('\n');
  });

  it('the revert message names the commit as git revert does', () => {
    expect(revertMessage('replyapply: x', 'abc')).toBe(
      'Revert "replyapply: x"\n\nThis reverts commit abc.\n',
    );
  });
});
