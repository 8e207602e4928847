import { visible } from '../../shared/text/visible';
import type { ScriptRun } from './review';

export interface ScriptListProps {
  scripts: readonly { command: string; line: number }[];
  ticked: ReadonlySet<number>;
  onTick: (index: number, ticked: boolean) => void;
  locked: boolean;
  /** The runs of the ticked commands, in the order they ran. */
  runs: readonly ScriptRun[] | null;
}

/** The reply's shell commands, verbatim and unticked; a ticked one runs after the files are written. */
export function ScriptList({ scripts, ticked, onTick, locked, runs }: ScriptListProps) {
  if (!scripts.length) return null;
  let runIndex = 0;
  return (
    <section class="scripts" aria-label="Commands">
      <h2>Commands</h2>
      <p class="warning">
        These commands run in the project folder with your permissions. Read each one; tick only those you
        would type yourself. Ticked commands run one by one after the files are written.
      </p>
      <ul>
        {scripts.map((s, i) => {
          const run = ticked.has(i) && runs ? runs[runIndex++] : undefined;
          const id = `script-${i}`;
          return (
            <li
              key={i}
              data-replyapply-script={String(i)}
              data-status={run?.status ?? (ticked.has(i) ? 'ticked' : 'off')}
            >
              <div class="script-head">
                <input
                  type="checkbox"
                  id={id}
                  data-accept=""
                  checked={ticked.has(i)}
                  disabled={locked}
                  onChange={(e) => onTick(i, e.currentTarget.checked)}
                />
                <label for={id}>
                  <code class="command">{visible(s.command, false)}</code>{' '}
                  <span class="muted">(reply line {s.line})</span>
                </label>
              </div>
              {run && <ScriptOutput run={run} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ScriptOutput({ run }: { run: ScriptRun }) {
  const head =
    run.status === 'not-run'
      ? 'Not run'
      : run.timedOut
        ? 'Stopped: it ran too long'
        : run.exitCode === undefined
          ? 'Could not run'
          : `Exit code ${run.exitCode ?? 'none'}`;
  return (
    <div class={`script-output ${run.status}`}>
      <p>{head}</p>
      {run.output && <pre>{run.output}</pre>}
      {run.truncated && <p class="muted">The output was cut off at 1 MiB.</p>}
    </div>
  );
}
