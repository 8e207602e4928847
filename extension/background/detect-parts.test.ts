import { describe, expect, it } from 'vitest';
import type { ContentMessage, ProposalMeta } from '../../shared/protocol/messages';
import { textParts } from '../../shared/protocol/parts';
import { proposalFor } from '../../shared/protocol/proposal';
import { DetectParts } from './detect-parts';

const meta: ProposalMeta = {
  site: 'chatgpt',
  url: 'https://chatgpt.com/c/x',
  replyId: 'r1',
  textSource: 'dom',
};
const reply = Array.from(
  { length: 300 },
  (_, i) => `src/f${i}.ts\n\`\`\`ts\nexport const a${i} = "😀 ${i}";\n\`\`\`\n`,
).join('\n');

const messages = (text: string, id: string, size = 1000): Extract<ContentMessage, { type: 'detect' }>[] => {
  const parts = textParts(text, size);
  return parts.map((t, part) => ({ type: 'detect', id, part, parts: parts.length, text: t, meta }));
};

describe('DetectParts: a long reply read in the background from its parts', () => {
  it('answers the last part with what proposalFor reads in the whole text, less the text', () => {
    const parts = new DetectParts();
    const sent = messages(reply, 'a');
    expect(sent.length).toBeGreaterThan(5);
    const answers = sent.map((m) => parts.take(m, '7:0', 0));
    expect(answers.slice(0, -1).every((a) => a.ok && a.proposal === undefined)).toBe(true);
    const { text: _t, ...whole } = proposalFor(reply, meta);
    expect(answers.at(-1)).toEqual({ ok: true, proposal: whole });
    expect(whole.changeSets.flatMap((s) => s.ops)).toHaveLength(300);
    expect(parts.size).toBe(0);
  });

  it('keeps two frames’ replies of the same id apart', () => {
    const parts = new DetectParts();
    const a = messages(reply, 'same');
    const b = messages('src/b.ts\n```ts\nb\n```\n', 'same');
    parts.take(a[0]!, '1:0', 0);
    const other = parts.take(b[0]!, '2:0', 0);
    expect(other.ok && other.proposal?.changeSets.flatMap((s) => s.ops)).toHaveLength(1);
    const last = a
      .slice(1)
      .map((m) => parts.take(m, '1:0', 0))
      .at(-1)!;
    expect(last.ok && last.proposal?.changeSets.flatMap((s) => s.ops)).toHaveLength(300);
  });

  it('refuses a part out of order or without its first, and forgets the reply', () => {
    const parts = new DetectParts();
    const sent = messages(reply, 'a');
    expect(parts.take(sent[1]!, '1:0', 0)).toMatchObject({ ok: false, message: /first part never came/ });
    parts.take(sent[0]!, '1:0', 0);
    expect(parts.take(sent[2]!, '1:0', 0)).toMatchObject({ ok: false, message: /out of order/ });
    expect(parts.size).toBe(0);
  });

  it('drops a reply whose last part never came, and holds a few per frame at most', () => {
    const parts = new DetectParts();
    for (let i = 0; i < 10; i++) parts.take(messages(reply, `r${i}`)[0]!, '1:0', 0);
    expect(parts.size).toBe(DetectParts.PER_FRAME);
    parts.take(messages(reply, 'late')[0]!, '2:0', DetectParts.STALE_MS + 1);
    expect(parts.size).toBe(1);
  });
});
