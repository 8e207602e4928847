import type { Diagnostic } from '../../shared/changeset/changeset';

/** What was odd in the reply itself, each with the line of the reply it concerns. */
export function DiagnosticsList({ diagnostics }: { diagnostics: readonly Diagnostic[] }) {
  if (!diagnostics.length) return null;
  return (
    <section class="diagnostics" aria-label="About the reply">
      <h2>About the reply</h2>
      <ul>
        {diagnostics.map((d, i) => (
          <li key={i} class={`note ${d.severity}`} data-severity={d.severity}>
            <span class="muted">Line {d.line}:</span> {d.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
