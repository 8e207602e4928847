/**
 * The sentence a refused path gets, and the paths read back from such sentences. Apart from the parsers
 * (registry.ts) so that the review, which only reads change sets, does not load every format reader.
 */
import type { Diagnostic } from '../changeset/changeset';
import { quotePath } from '../paths/paths';

/** The diagnostic message for a path outside the project folder or in a place never written. */
export function refusedPathMessage(raw: string, reason: string): string {
  return `Refused the path "${quotePath(raw)}": ${reason}.`;
}

/**
 * The paths a reply named outside the project folder or in a place never written (`..`, `.git/`), from
 * its change sets' diagnostics: such a reply is refused as a whole, in the review and the CLI alike.
 */
export function refusedPaths(diagnostics: readonly Diagnostic[]): string[] {
  const out: string[] = [];
  for (const d of diagnostics) {
    if (d.severity !== 'error') continue;
    const m = /^Refused the path "(.*)": /s.exec(d.message);
    if (m) out.push(m[1]!);
  }
  return out;
}
