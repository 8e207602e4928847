/** The format instructions offered to the user, in the order the picker shows them. */
import type { FormatId } from '../changeset/changeset';
import { aptixInstruction } from './aptix';
import { delimiterBlocksInstruction } from './delimiter-blocks';
import { fileChangesInstruction } from './file-changes';
import { markdownActionsInstruction } from './markdown-actions';
import { openaiPatchInstruction } from './openai-patch';
import { searchReplaceInstruction } from './search-replace';
import { structuredJsonInstruction } from './structured-json';
import type { FormatInstruction } from './types';
import { unifiedDiffInstruction } from './unified-diff';
import { xmlEditsInstruction } from './xml-edits';

export type { FormatInstruction } from './types';

export const INSTRUCTIONS: readonly FormatInstruction[] = [
  searchReplaceInstruction,
  unifiedDiffInstruction,
  openaiPatchInstruction,
  markdownActionsInstruction,
  xmlEditsInstruction,
  fileChangesInstruction,
  delimiterBlocksInstruction,
  aptixInstruction,
  structuredJsonInstruction,
];

/**
 * SEARCH/REPLACE rather than unified diff: a model copies text it has seen far more reliably than
 * it counts lines, and a block needs neither line numbers nor hunk counts nor a prefix on every
 * context line (the usual ways a model's diff goes wrong). The engine places each block by its
 * text and says "no match" or "ambiguous" instead of guessing, so a bad block is refused, not
 * misapplied.
 */
export const DEFAULT_FORMAT: FormatId = 'search-replace';

/** The instruction for a format, or the default one for a format without an instruction. */
export function instructionFor(id: string | undefined): FormatInstruction {
  return INSTRUCTIONS.find((i) => i.id === id) ?? INSTRUCTIONS.find((i) => i.id === DEFAULT_FORMAT)!;
}
