/**
 * Is the adapter still reading this page? Sites change their markup without notice; an adapter
 * whose selectors no longer match finds no replies and says nothing. Asked after the page has
 * loaded, this tells the popup to show a quiet notice instead of leaving the user to wonder.
 */
import type { SiteAdapter } from './types';

export type AdapterHealth = { ok: true } | { ok: false; message: string };

export function adapterHealth(adapter: SiteAdapter, doc: Document, url: string | URL): AdapterHealth {
  const conversationId = adapter.conversationId(url);
  // A new chat or a settings page has no replies to find.
  if (!conversationId) return { ok: true };
  const s = adapter.selectors;
  if (doc.querySelector(s.turn.css)) return { ok: true };
  const composer = s.composer ? doc.querySelector(s.composer.css) : null;
  return {
    ok: false,
    message: composer
      ? `This page shows a ${adapter.id} conversation, but ReplyApply finds none of its replies: ` +
        `the site's layout may have changed, so no Apply buttons will appear here.`
      : `This page shows a ${adapter.id} conversation, but ReplyApply finds neither its replies nor ` +
        `its message box: the page has not finished loading, or the site's layout has changed.`,
  };
}
