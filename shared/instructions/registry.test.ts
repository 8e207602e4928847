import { describe, expect, it } from 'vitest';
import { FORMAT_IDS, type OpKind } from '../changeset/changeset';
import { detectAll } from '../formats/registry';
import { DEFAULT_FORMAT, INSTRUCTIONS, instructionFor } from './registry';

// The operations each example must yield: an instruction that shows a delete must be read as one.
const EXPECTED_OPS: Record<string, OpKind[]> = {
  'search-replace': ['search-replace'],
  'unified-diff': ['patch'],
  'openai-patch': ['patch', 'create'],
  'markdown-actions': ['search-replace'],
  'file-changes': ['create', 'patch', 'delete'],
  'delimiter-blocks': ['create', 'patch', 'delete'],
  aptix: ['create', 'delete', 'search-replace'],
  'structured-json': ['create', 'edit-ranges', 'delete'],
  'xml-edits': ['search-replace', 'delete'],
};

describe('format instructions', () => {
  it.each(INSTRUCTIONS.map((i) => [i.id, i] as const))(
    '%s: its example is read as exactly that format, with no errors',
    (id, instruction) => {
      const sets = detectAll(instruction.example);
      expect(sets.map((s) => s.source.format)).toEqual([id]);
      const [set] = sets;
      expect(set!.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(set!.ops.map((op) => op.kind)).toEqual(EXPECTED_OPS[id]);
      expect(set!.ops.every((op) => op.guess !== true)).toBe(true);
    },
  );

  it.each(INSTRUCTIONS.map((i) => [i.id, i] as const))(
    '%s: the text shows the example, stays short and repeats the path rules',
    (_id, instruction) => {
      expect(instruction.text).toContain(instruction.example);
      expect(instruction.text.split('\n').length).toBeLessThanOrEqual(28);
      expect(instruction.text).toContain('relative to the project root');
      expect(instruction.text).toContain('No placeholders');
      expect(instruction.name).not.toBe('');
      expect(instruction.bestFor).not.toContain('\n');
    },
  );

  it('covers every format but the whole-file fallback and the sites own documents, once each', () => {
    const ids = INSTRUCTIONS.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Artifacts and canvas documents are the site's, not a format a prompt asks for.
    expect([...ids].sort()).toEqual(
      FORMAT_IDS.filter((id) => id !== 'whole-file' && id !== 'artifacts').sort(),
    );
  });

  it.each([
    ['unified-diff', 'unified-diff'],
    ['whole-file', DEFAULT_FORMAT],
    [undefined, DEFAULT_FORMAT],
    ['nonsense', DEFAULT_FORMAT],
  ])('instructionFor(%s) → %s', (asked, expected) => {
    expect(instructionFor(asked).id).toBe(expected);
  });

  it('the default format is SEARCH/REPLACE and has an instruction', () => {
    expect(DEFAULT_FORMAT).toBe('search-replace');
    expect(INSTRUCTIONS[0]!.id).toBe(DEFAULT_FORMAT);
  });
});
