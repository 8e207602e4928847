import { useCallback, useLayoutEffect, useState } from 'preact/hooks';
import { chooseFolder, type FolderMemory, loadFolders, readMemory, STORAGE_KEY } from './folders';

/**
 * The folder memory, kept in step with chrome.storage.local (the popup and the panel share it). `read`
 * gives its first reading (called once its storage listener is in).
 */
export function useFolderMemory(read: () => Promise<FolderMemory> = loadFolders) {
  const [memory, setMemory] = useState<FolderMemory | null>(null);
  // Read in the task of the first render, not a frame later: the review waits for it.
  useLayoutEffect(() => {
    let live = true;
    const onChanged = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      if (area === 'local' && STORAGE_KEY in changes) setMemory(readMemory(changes[STORAGE_KEY]?.newValue));
    };
    chrome.storage.onChanged.addListener(onChanged);
    read().then(
      (m) => {
        performance.mark('replyapply:folders-read');
        if (live) setMemory(m);
      },
      () => live && setMemory(readMemory(undefined)),
    );
    return () => {
      live = false;
      chrome.storage.onChanged.removeListener(onChanged);
    };
  }, []);
  const choose = useCallback(async (folder: string, key?: string) => {
    setMemory(await chooseFolder(folder, key));
  }, []);
  return { memory, choose };
}
