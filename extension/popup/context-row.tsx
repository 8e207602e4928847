/** One row of the "Add files to the chat" tree: a folder's box, or a file's box, warnings and tokens. */
import { bundlePathProblem } from '../../shared/context/bundle';
import type { TokenCount } from '../../shared/context/tokens';
import type { FileText } from './context-io';
import { type FileRow, type FolderRow, folderState, type TreeEntry, tickable } from './context-pick';
import { rowTokens } from './context-words';

export interface Warning {
  text: string;
  /** The longer reason, shown on hover. */
  title?: string;
}

/** Why a file is unticked by default or cannot be ticked, shortest first: none for a plain text file. */
export function warningsOf(e: TreeEntry): Warning[] {
  if (e.kind === 'folder') return [{ text: 'ignored by git, not listed' }];
  if (e.tooLarge) return [{ text: 'too large to add', title: 'Larger than the host reads for the chat.' }];
  const problem = bundlePathProblem(e.path);
  const out: Warning[] = [];
  if (problem) out.push({ text: 'name cannot be sent', title: `Cannot be added: ${problem}.` });
  if (e.secret)
    out.push({ text: 'may hold secrets', title: 'Its name says it holds secrets: check before you add it.' });
  if (e.ignored) out.push({ text: 'ignored by git' });
  return out;
}

const rowStyle = { display: 'flex', alignItems: 'center', gap: '6px', justifyContent: 'space-between' };
const labelStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: '4px',
  minWidth: 0,
  flex: 1,
  flexWrap: 'wrap' as const,
};
const countStyle = { fontVariantNumeric: 'tabular-nums', textAlign: 'right' as const, minWidth: '56px' };
const indent = (depth: number) => ({ paddingLeft: `${depth * 14}px` });

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function FolderRowView({
  row,
  ticked,
  onToggle,
}: {
  row: FolderRow;
  ticked: ReadonlySet<string>;
  onToggle: (row: FolderRow) => void;
}) {
  const state = folderState(row, ticked);
  return (
    <li data-replyapply="context-row" data-path={row.path} data-kind="folder" style={rowStyle}>
      <label style={{ ...indent(row.depth), ...labelStyle }}>
        <input
          type="checkbox"
          aria-label={`Add the folder ${row.path}`}
          checked={state === 'all'}
          indeterminate={state === 'some'}
          disabled={row.files.length === 0}
          onChange={() => onToggle(row)}
        />
        <span class="path">{baseName(row.path)}/</span>
      </label>
    </li>
  );
}

export function FileRowView({
  row,
  ticked,
  text,
  count,
  onToggle,
}: {
  row: FileRow;
  ticked: boolean;
  text: FileText | undefined;
  count: TokenCount | undefined;
  onToggle: (path: string) => void;
}) {
  const e = row.entry;
  const canTick = tickable(e);
  const on = canTick && ticked;
  return (
    <li data-replyapply="context-row" data-path={e.path} data-kind={e.kind} style={rowStyle}>
      <label style={{ ...indent(row.depth), ...labelStyle }}>
        <input
          type="checkbox"
          aria-label={`Add ${e.path}`}
          checked={on}
          disabled={!canTick}
          onChange={() => onToggle(e.path)}
        />
        <span class="path">
          {baseName(e.path)}
          {e.kind === 'folder' ? '/' : ''}
        </span>
        {warningsOf(e).map((w) => (
          <span
            key={w.text}
            class="badge warning"
            data-replyapply="context-warning"
            title={w.title}
            style={{ borderColor: 'var(--warn)' }}
          >
            {w.text}
          </span>
        ))}
      </label>
      <span data-replyapply="context-tokens" class="muted" style={countStyle}>
        {!on ? (
          ''
        ) : count ? (
          rowTokens(count)
        ) : text && 'error' in text ? (
          <span class="error" title={text.error}>
            unreadable
          </span>
        ) : (
          '…'
        )}
      </span>
    </li>
  );
}
