import { formatsOf } from '../../shared/changeset/merge';
import type { Proposal } from '../../shared/protocol/messages';
import { ActionBadge } from '../ui/action-badge';
import { summarizeOps } from '../ui/ops-summary';
import { ReplySource } from '../ui/reply-source';

/** The operations of the last clicked reply: files with their action, commands, and errors. */
export function OpList({ proposal }: { proposal: Proposal }) {
  const { files, scripts, errors } = summarizeOps(proposal.changeSets);
  const formats = formatsOf(proposal.changeSets);
  return (
    <section class="op-list" aria-label="The reply's changes">
      <p class="muted source">
        <ReplySource proposal={proposal} formats={formats} />
      </p>
      {files.length === 0 && scripts.length === 0 && <p>The reply changes no files.</p>}
      <ul>
        {files.map((f) => (
          <li key={`${f.path}:${f.lines[0]}`} data-replyapply-op={f.path}>
            <ActionBadge action={f.action} />{' '}
            {f.path === '' ? (
              // A block that names no file: the review looks for it in the folder by its text, or asks.
              <span class="muted">
                {f.unnamed === 'ask'
                  ? 'a file you name in the review'
                  : 'a file the review finds by its content'}
              </span>
            ) : (
              <span class="path">{f.from !== undefined ? `${f.from} → ${f.path}` : f.path}</span>
            )}
            {f.guess && <span class="muted"> (file name guessed)</span>}
          </li>
        ))}
        {scripts.map((s) => (
          <li key={`shell-${s.line}`} data-replyapply-op={`shell:${s.line}`}>
            <span class="badge command">command</span> <code>{s.command}</code>
          </li>
        ))}
      </ul>
      {errors.length > 0 && (
        <ul class="errors">
          {errors.map((d, i) => (
            <li key={i} class="note error">
              <span class="muted">Line {d.line}:</span> {d.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
