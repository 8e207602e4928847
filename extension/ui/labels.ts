/** The words the popup and the side panel use for sites, text sources and file actions. */
import type { TEXT_SOURCES } from '../../shared/changeset/changeset';
import type { FileAction } from '../../shared/engine';

const SITE_NAMES: Record<string, string> = {
  'chatgpt.com': 'ChatGPT',
  'chat.openai.com': 'ChatGPT',
  paste: 'Pasted reply',
  demo: 'Demo chat',
};

export function siteName(site: string): string {
  return SITE_NAMES[site] ?? site;
}

/** "ChatGPT's API", "Copy button", "page": where the raw reply text was read from. */
export function sourceLabel(site: string, source: (typeof TEXT_SOURCES)[number]): string {
  switch (source) {
    case 'api':
      return `${siteName(site)}'s API`;
    case 'copy-button':
      return 'Copy button';
    case 'dom':
      return 'page';
    case 'paste':
      return 'pasted text';
    case 'selection':
      return 'selected text';
    case 'file':
      return 'file';
  }
}

export const ACTION_WORDS: Record<FileAction, string> = {
  create: 'new',
  modify: 'modified',
  rename: 'renamed',
  delete: 'deleted',
};
