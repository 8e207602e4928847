/** The words the popup and the side panel use for sites, text sources and file actions. */
import type { TEXT_SOURCES } from '../../shared/changeset/changeset';
import type { FileAction } from '../../shared/engine';

/** By adapter id (the proposal's `site`), plus host names for older stored proposals. */
const SITE_NAMES: Record<string, string> = {
  chatgpt: 'ChatGPT',
  'chatgpt.com': 'ChatGPT',
  'chat.openai.com': 'ChatGPT',
  claude: 'Claude',
  gemini: 'Gemini',
  aistudio: 'Google AI Studio',
  deepseek: 'DeepSeek',
  grok: 'Grok',
  perplexity: 'Perplexity',
  mistral: 'Le Chat',
  copilot: 'Copilot',
  openwebui: 'Open WebUI',
  librechat: 'LibreChat',
  kimi: 'Kimi',
  qwen: 'Qwen Chat',
  openrouter: 'OpenRouter',
  t3chat: 'T3 Chat',
  huggingchat: 'HuggingChat',
  zai: 'Z.ai',
  meta: 'Meta AI',
  'github-copilot': 'GitHub Copilot',
  arena: 'Arena',
  doubao: 'Doubao',
  selection: 'Selected text',
  paste: 'Pasted reply',
  demo: 'Demo chat',
  generic: 'This chat',
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

export const ERROR_WORDS: Record<string, string> = {
  'no-match': 'the text to change was not found',
  ambiguous: 'the text to change fits more than one place',
  'already-applied': 'the change seems to be in the file already',
  'missing-file': 'the file does not exist',
  exists: 'the file already exists',
  'out-of-range': 'the line numbers are past the end of the file',
  overlap: 'two edits overlap',
  placeholder: 'the new text leaves code out',
  lossy: 'read from the rendered page',
  unreadable: 'the file cannot be read',
};

export const STATUS_WORDS = {
  ok: 'ready',
  error: 'error',
  applied: 'written',
  conflict: 'changed on disk since the preview',
  skipped: 'not written',
} as const;
