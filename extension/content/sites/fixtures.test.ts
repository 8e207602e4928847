// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Op } from '../../../shared/changeset/changeset';
import { applyOp } from '../../../shared/engine/apply-op';
import { detectAll } from '../../../shared/formats/registry';
import { domText } from '../raw-text';
import { chatgpt } from './chatgpt';
import { listPages, loadPage, pageJson } from './saved-pages';

interface Fixture {
  url: string;
  conversationId: string;
  replies: Array<{
    messageId: string;
    markdown: string;
    ops: Array<{ format: string; kind: string; path: string }>;
  }>;
  filesBefore?: Record<string, string | null>;
  filesAfter?: Record<string, string | null>;
}

const summary = (text: string) =>
  detectAll(text).flatMap((set) =>
    set.ops.map((op) => ({ format: set.source.format, kind: op.kind, path: 'path' in op ? op.path : '' })),
  );

describe.each(listPages('fixtures'))('%s', (page) => {
  const fixture = pageJson<Fixture>(page);

  it('is served at a URL whose conversation id the adapter reads', () => {
    expect(chatgpt.conversationId(fixture.url)).toBe(fixture.conversationId);
  });

  it.each(fixture.replies.map((r) => [r.messageId, r] as const))(
    'reply %s: the same operations from the DOM rebuild and from the API text',
    (id, reply) => {
      const turn = loadPage(page).querySelector(`[data-message-id="${id}"]`)!;
      expect(summary(domText(turn, chatgpt))).toEqual(reply.ops);
      expect(summary(reply.markdown)).toEqual(reply.ops);
    },
  );

  if (fixture.filesBefore && fixture.filesAfter) {
    it('applying every reply to filesBefore gives filesAfter', () => {
      const files = new Map(Object.entries(fixture.filesBefore!));
      const doc = loadPage(page);
      for (const reply of fixture.replies) {
        const turn = doc.querySelector(`[data-message-id="${reply.messageId}"]`)!;
        for (const set of detectAll(domText(turn, chatgpt))) {
          for (const op of set.ops as Array<Op & { path: string }>) {
            const result = applyOp(files.get(op.path) ?? null, op);
            expect(result, `${op.kind} ${op.path}`).toMatchObject({ ok: true });
            if (result.ok) files.set(op.path, result.text);
          }
        }
      }
      expect(Object.fromEntries(files)).toEqual(fixture.filesAfter);
    });
  }
});
