import type { Diagnostic, FormatId, Op } from '../changeset/changeset';

/** What one parser found in one region of the reply. */
export interface ParsedBlock {
  /** 1-based, inclusive reply lines this block covers; used to keep formats from claiming the same text. */
  start: number;
  end: number;
  ops: Op[];
  diagnostics: Diagnostic[];
  summary?: string;
}

export interface FormatParser {
  id: FormatId;
  /** Cheap test: could this text hold this format? Must not throw. */
  detect(text: string): boolean;
  /** Read every block of this format. Must not throw on any input. */
  parse(text: string): ParsedBlock[];
}
