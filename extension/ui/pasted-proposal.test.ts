import { describe, expect, it } from 'vitest';
import { pastedProposal } from './pasted-proposal';

describe('pastedProposal', () => {
  it('reads a pasted reply with the format parsers and marks it as pasted', () => {
    const text = [
      'Here is the fix:',
      '',
      '```diff',
      '--- a/a.ts',
      '+++ b/a.ts',
      '@@ -1 +1 @@',
      '-a',
      '+b',
      '```',
      '',
    ].join('\n');
    const p = pastedProposal(text);
    expect(p).toMatchObject({ site: 'paste', textSource: 'paste', text });
    expect(p.replyId).toMatch(/^paste-[0-9a-f]{8}$/);
    expect(p.changeSets).toHaveLength(1);
    expect(p.changeSets[0]!.source).toMatchObject({
      format: 'unified-diff',
      site: 'paste',
      textSource: 'paste',
    });
    expect(p.changeSets[0]!.ops[0]).toMatchObject({ kind: 'patch', path: 'a.ts' });
  });

  it('gives an empty proposal for text without changes', () => {
    expect(pastedProposal('Just prose.').changeSets).toEqual([]);
  });
});
