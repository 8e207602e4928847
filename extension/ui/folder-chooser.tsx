import { useState } from 'preact/hooks';
import { FolderBrowser } from './folder-browser';
import { baseName, isAbsoluteFolder } from './folder-path';
import { errorInfo, type HostCall } from './review';

export interface FolderChooserProps {
  current: string | undefined;
  recent: readonly string[];
  call: HostCall;
  onChoose: (folder: string) => void;
}

/** Recent folders, a typed absolute path (checked with the host), and a folder browser. */
export function FolderChooser({ current, recent, call, onChoose }: FolderChooserProps) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [browsing, setBrowsing] = useState(false);

  const useTyped = async (e: Event) => {
    e.preventDefault();
    const path = typed.trim();
    if (!isAbsoluteFolder(path)) {
      setError('Type the full path of the project folder, starting with / (or a drive letter on Windows).');
      return;
    }
    setChecking(true);
    setError(null);
    try {
      const listing = await call('listDir', { path });
      setTyped('');
      onChoose(listing.path);
    } catch (err) {
      setError(errorInfo(err).message);
    } finally {
      setChecking(false);
    }
  };

  const others = recent.filter((f) => f !== current);
  return (
    <div class="folder-chooser">
      {others.length > 0 && (
        <div class="recent">
          <h3>Recent folders</h3>
          <ul>
            {others.map((f) => (
              <li key={f}>
                <button type="button" class="link" title={f} onClick={() => onChoose(f)}>
                  {baseName(f)}
                </button>{' '}
                <span class="muted path">{f}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form class="typed-folder" onSubmit={useTyped}>
        <label>
          Folder path{' '}
          <input
            type="text"
            data-replyapply="folder-input"
            placeholder="/home/you/project"
            spellcheck={false}
            value={typed}
            onInput={(e) => setTyped(e.currentTarget.value)}
          />
        </label>
        <button type="submit" data-replyapply="folder-use" disabled={checking}>
          Use
        </button>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="button" aria-expanded={browsing} onClick={() => setBrowsing(!browsing)}>
        {browsing ? 'Close the browser' : 'Browse folders…'}
      </button>
      {browsing && (
        <FolderBrowser
          call={call}
          {...(current !== undefined ? { start: current } : {})}
          onChoose={(f) => {
            setBrowsing(false);
            onChoose(f);
          }}
        />
      )}
    </div>
  );
}
