/**
 * An instruction the user pastes into a chat so the model answers in a format ReplyApply reads.
 * Written in our own words; each one carries a tiny example reply, which a test runs through the
 * real parsers, so an instruction can never teach a shape we fail to read.
 */
import type { FormatId } from '../changeset/changeset';

export interface FormatInstruction {
  /** The parser that reads answers written this way. */
  id: FormatId;
  /** Shown in the format picker. */
  name: string;
  /** One line: when to pick this format. */
  bestFor: string;
  /** A tiny reply in this format, as it appears inside `text`. */
  example: string;
  /** The whole instruction: what to write, the example, the rules. */
  text: string;
}

/** Rules every format shares: the ones whose breach makes an answer unusable for us. */
const COMMON_RULES = [
  'Paths are relative to the project root, with forward slashes (`src/app.ts`): never absolute, never `..`.',
  'No placeholders such as `// ... rest of the file` or `...`: write out every line that belongs in the result.',
];

export interface InstructionParts {
  id: FormatId;
  name: string;
  bestFor: string;
  /** What to write, in one or two sentences. */
  intro: string;
  example: string;
  /** Rules of this format, most important first; the common rules follow them. */
  rules: string[];
}

export function instruction(parts: InstructionParts): FormatInstruction {
  const text = [
    parts.intro,
    '',
    'Example (the shape only; these files are made up):',
    parts.example,
    '',
    'Rules:',
    ...[...parts.rules, ...COMMON_RULES].map((rule) => `- ${rule}`),
  ].join('\n');
  return { id: parts.id, name: parts.name, bestFor: parts.bestFor, example: parts.example, text };
}

/** Wraps an example in a fence of `length` backticks (longer when the example holds ``` itself). */
export function fenced(info: string, body: string, length = 3): string {
  const fence = '`'.repeat(length);
  return `${fence}${info}\n${body}\n${fence}`;
}
