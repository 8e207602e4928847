// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Op } from '../../../shared/changeset/changeset';
import { applyOp } from '../../../shared/engine/apply-op';
import { findFences, linesToContent, splitLines } from '../../../shared/formats/fences';
import { detectAll } from '../../../shared/formats/registry';
import { domText } from '../raw-text';
import { messageIdOf } from './message-id';
import { ADAPTERS } from './registry';
import { listPages, loadPage, pageJson } from './saved-pages';

interface Fixture {
  url: string;
  conversationId: string;
  replies: Array<{
    messageId: string;
    markdown: string;
    codeBlocks: Array<{ lang: string; text: string }>;
    ops: Array<{ format: string; kind: string; path: string }>;
  }>;
  filesBefore?: Record<string, string | null>;
  filesAfter?: Record<string, string | null>;
}

const summary = (text: string) =>
  detectAll(text).flatMap((set) =>
    set.ops.map((op) => ({ format: set.source.format, kind: op.kind, path: 'path' in op ? op.path : '' })),
  );

/** A saved page belongs to the adapter its name starts with (`claude-streaming` → claude). */
function adapterOf(page: string) {
  const name = page.slice('fixtures/'.length);
  const adapter = ADAPTERS.find((a) => name.startsWith(`${a.id}-`));
  if (!adapter) throw new Error(`No adapter for the saved page ${page}.`);
  return adapter;
}

function turnById(doc: Document, page: string, messageId: string): Element {
  const adapter = adapterOf(page);
  const turn = Array.from(doc.querySelectorAll(adapter.selectors.turn.css)).find(
    (t) => messageIdOf(t, adapter) === messageId,
  );
  if (!turn) throw new Error(`${page} has no reply ${messageId}.`);
  return turn;
}

describe.each(listPages('fixtures'))('%s', (page) => {
  const fixture = pageJson<Fixture>(page);
  const adapter = adapterOf(page);

  it('is served at a URL whose conversation id the adapter reads', () => {
    expect(adapter.conversationId(fixture.url)).toBe(fixture.conversationId);
  });

  it('holds the saved replies, in order, under the ids the adapter reads', () => {
    const doc = loadPage(page);
    const ids = Array.from(doc.querySelectorAll(adapter.selectors.turn.css), (t) => messageIdOf(t, adapter));
    const streaming = pageJson<{ streaming?: { messageId: string } }>(page).streaming;
    expect(ids).toEqual([
      ...fixture.replies.map((r) => r.messageId),
      ...(streaming ? [streaming.messageId] : []),
    ]);
  });

  it.each(fixture.replies.map((r) => [r.messageId, r] as const))(
    'reply %s: the DOM rung rebuilds the reply’s text exactly, code blocks included',
    (id, reply) => {
      const turn = turnById(loadPage(page), page, id);
      const text = domText(turn, adapter);
      expect(text).toBe(reply.markdown);
      const lines = splitLines(text);
      const fences = findFences(lines).map((f) => ({
        lang: f.info,
        text: linesToContent(f.lines),
      }));
      expect(fences).toEqual(reply.codeBlocks);
      expect(turn.querySelectorAll(adapter.selectors.codeBlock.css)).toHaveLength(reply.codeBlocks.length);
    },
  );

  it.each(fixture.replies.map((r) => [r.messageId, r] as const))(
    'reply %s: the same operations from the DOM rebuild and from the API text',
    (id, reply) => {
      const turn = turnById(loadPage(page), page, id);
      expect(summary(domText(turn, adapter))).toEqual(reply.ops);
      expect(summary(reply.markdown)).toEqual(reply.ops);
    },
  );

  if (fixture.filesBefore && fixture.filesAfter) {
    it('applying every reply to filesBefore gives filesAfter', () => {
      const files = new Map(Object.entries(fixture.filesBefore!));
      const doc = loadPage(page);
      for (const reply of fixture.replies) {
        const turn = turnById(doc, page, reply.messageId);
        for (const set of detectAll(domText(turn, adapter))) {
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
