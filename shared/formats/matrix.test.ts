/// <reference types="vite/client" />
/**
 * The format matrix: every fixture reply is read by its own format and by no other.
 *
 * Fixtures live in `fixtures/<format>/<name>.md`. Each must yield exactly one change set, whose
 * format is the folder name, with at least one op. A diagnostic-only fixture (an Aptix refusal, a
 * reply whose only path is unsafe, a cut-off block) must instead yield no op at all — from any
 * format — and at least one diagnostic from its own format. A fixture is diagnostic-only when it is
 * named `<name>.diagnostic-only.md`, or when its expected `<name>.json` holds no op (so fixtures
 * written before the naming convention need no rename; the per-format tests pin those JSONs).
 * STYLE.md's meta-test: every registered parser has a fixture folder with at least 3 fixtures.
 */
import { describe, expect, it } from 'vitest';
import { FORMAT_IDS } from '../changeset/changeset';
import { detectAll, PARSERS } from './registry';

const texts = import.meta.glob<string>('./fixtures/*/*.md', {
  eager: true,
  query: '?raw',
  import: 'default',
});
const expected = import.meta.glob<unknown>('./fixtures/*/*.json', { eager: true, import: 'default' });

const hasNoOp = (json: unknown) =>
  Array.isArray(json) && json.every((set: { ops?: unknown[] }) => (set.ops ?? []).length === 0);

const cases = Object.entries(texts).map(([path, text]) => {
  const [, format, name] = /^\.\/fixtures\/([^/]+)\/(.+)\.md$/.exec(path)!;
  const json = expected[path.replace(/\.md$/, '.json')];
  const diagnosticOnly = name!.endsWith('.diagnostic-only') || (json !== undefined && hasNoOp(json));
  return { path, format: format!, name: name!, text, json, diagnosticOnly };
});

describe('every registered parser has fixtures', () => {
  it.each(PARSERS.map((p) => p.id))('%s has a fixture folder with at least 3 fixtures', (id) => {
    expect(cases.filter((c) => c.format === id).length).toBeGreaterThanOrEqual(3);
  });

  it('fixture folders are named after format ids', () => {
    for (const c of cases) expect(FORMAT_IDS as readonly string[]).toContain(c.format);
  });

  it('the raw fixture loader keeps CRLF line endings (so CRLF fixtures test what they claim)', () => {
    const crlf = cases.filter((c) => c.name.includes('crlf'));
    expect(crlf.length).toBeGreaterThan(0);
    for (const c of crlf) expect(c.text.includes('\r\n'), `${c.format}/${c.name}`).toBe(true);
  });
});

describe('format matrix: each fixture is read by its own format only', () => {
  const registered = new Set<string>(PARSERS.map((p) => p.id));
  it.each(cases.filter((c) => registered.has(c.format)).map((c) => [`${c.format}/${c.name}`, c] as const))(
    '%s',
    (_label, c) => {
      const sets = detectAll(c.text);
      if (c.diagnosticOnly) {
        expect(sets.flatMap((s) => s.ops)).toEqual([]);
        expect(sets.map((s) => s.source.format)).toEqual([c.format]);
        expect(sets[0]!.diagnostics.length).toBeGreaterThan(0);
        return;
      }
      expect(sets.map((s) => s.source.format)).toEqual([c.format]);
      expect(sets[0]!.ops.length).toBeGreaterThan(0);
    },
  );
});

describe('every fixture gives exactly its expected change sets', () => {
  it.each(cases.map((c) => [c.path, c] as const))('%s', (_path, c) => {
    expect(c.json, `${c.path} needs its expected .json`).toBeDefined();
    expect(detectAll(c.text)).toEqual(c.json);
  });
});
