import { useState } from 'preact/hooks';
import { FolderChooser } from './folder-chooser';
import type { HostCall } from './review';

export interface ProjectFolderProps {
  folder: string | undefined;
  recent: readonly string[];
  call: HostCall;
  onChoose: (folder: string) => void;
  /** Show the chooser without a click (the popup has room; the panel keeps it behind "change"). */
  open?: boolean;
}

/** The project folder, with a "change" link that opens the chooser inline. */
export function ProjectFolder({ folder, recent, call, onChoose, open = false }: ProjectFolderProps) {
  const [changing, setChanging] = useState(false);
  const showChooser = open || changing || folder === undefined;
  return (
    <section class="project-folder" aria-label="Project folder">
      <p>
        Folder:{' '}
        {folder ? (
          <code data-replyapply="folder">{folder}</code>
        ) : (
          <span class="muted">none chosen yet — choose the project the reply applies to.</span>
        )}{' '}
        {folder && !open && (
          <button
            type="button"
            class="link"
            data-replyapply="folder-change"
            aria-expanded={changing}
            onClick={() => setChanging(!changing)}
          >
            {changing ? 'cancel' : 'change'}
          </button>
        )}
      </p>
      {showChooser && (
        <FolderChooser
          current={folder}
          recent={recent}
          call={call}
          onChoose={(f) => {
            setChanging(false);
            onChoose(f);
          }}
        />
      )}
    </section>
  );
}
