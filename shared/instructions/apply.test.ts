import { describe, expect, it } from 'vitest';
import { plan, planNeeds } from '../engine';
import { detectAll } from '../formats/registry';
import { INSTRUCTIONS } from './registry';

// The made-up project every example edits: the examples must not only parse but apply to it
// exactly, so an instruction never shows the model a hunk or a SEARCH text that would miss.
const PROJECT: Record<string, string> = {
  'src/greet.ts': "export function greet(name: string) {\n  return 'Hello ' + name;\n}\n",
  'src/unused.ts': 'export {};\n',
};
const GREET_AFTER = "export function greet(name: string) {\n  return 'Hello ' + name.trim();\n}\n";
const FAREWELL = "export const bye = 'Bye';\n";

describe('format instruction examples apply to the project they describe', () => {
  it.each(INSTRUCTIONS.map((i) => [i.id, i] as const))('%s', (_id, instruction) => {
    const [set] = detectAll(instruction.example);
    const snapshots = Object.fromEntries(
      planNeeds(set!).map((p) => [p, PROJECT[p] === undefined ? null : { text: PROJECT[p]!, hash: p }]),
    );
    const result = plan(set!, snapshots);
    expect(result.files.filter((f) => f.status !== 'ok')).toEqual([]);
    const after = Object.fromEntries(result.files.map((f) => [f.path, f.newText]));
    if ('src/greet.ts' in after) expect(after['src/greet.ts']).toBe(GREET_AFTER);
    else expect.unreachable('every example edits src/greet.ts');
    if ('src/farewell.ts' in after) expect(after['src/farewell.ts']).toBe(FAREWELL);
    if ('src/unused.ts' in after) expect(after['src/unused.ts']).toBeNull();
    // Placed exactly: a looser rung would mean the example's text differs from the file's.
    const rungs = result.files.flatMap((f) => f.notes.map((n) => n.rung ?? 'exact'));
    expect(rungs.filter((r) => r !== 'exact')).toEqual([]);
  });
});
