import { useEffect, useState } from 'preact/hooks';
import type { ResultOf } from '../../shared/protocol/protocol';
import { breadcrumbs, joinPath } from './folder-path';
import { errorInfo, type HostCall } from './review';

type Listing = ResultOf<'listDir'>;

/** Browses folders through the host's listDir, starting at `start` (the home folder when absent). */
export function FolderBrowser(props: { start?: string; call: HostCall; onChoose: (path: string) => void }) {
  const [path, setPath] = useState<string | undefined>(props.start);
  const [showHidden, setShowHidden] = useState(false);
  const [listing, setListing] = useState<Listing | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setError(null);
    const params: { path?: string; showHidden: boolean } = { showHidden };
    if (path !== undefined) params.path = path;
    props.call('listDir', params).then(
      (l) => live && setListing(l),
      (e: unknown) => live && setError(errorInfo(e).message),
    );
    return () => {
      live = false;
    };
  }, [path, showHidden, props.call]);

  return (
    <div class="folder-browser" data-replyapply="folder-browser">
      {listing && (
        <nav class="crumbs" aria-label="Folder path">
          {breadcrumbs(listing.path).map(([name, to]) => (
            <button type="button" class="link" key={to} onClick={() => setPath(to)}>
              {name}
            </button>
          ))}
        </nav>
      )}
      {error && <p class="error">{error}</p>}
      <div class="browser-tools">
        <button
          type="button"
          disabled={!listing?.parent}
          onClick={() => listing?.parent && setPath(listing.parent)}
        >
          ↑ Parent
        </button>
        <label>
          <input
            type="checkbox"
            checked={showHidden}
            onChange={(e) => setShowHidden(e.currentTarget.checked)}
          />{' '}
          Show hidden
        </label>
        {listing && (
          <button type="button" class="primary" onClick={() => props.onChoose(listing.path)}>
            Use this folder
          </button>
        )}
      </div>
      {listing && (
        <ul class="entries">
          {listing.entries.length === 0 && <li class="muted">No folders here.</li>}
          {listing.entries.map((e) => (
            <li key={e.name}>
              <button
                type="button"
                class="link"
                disabled={!e.readable}
                onClick={() => setPath(joinPath(listing.path, e.name))}
              >
                {e.name}
              </button>
              {e.isGitRepo && <span class="badge git">git</span>}
              {!e.readable && <span class="muted"> (not readable)</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
