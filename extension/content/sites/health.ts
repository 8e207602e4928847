/**
 * Is the adapter still reading this page? Sites change their markup without notice; an adapter
 * whose selectors no longer match finds no replies and says nothing. Asked after the page has
 * loaded, this tells the popup to show a quiet notice instead of leaving the user to wonder — naming
 * the part that failed (issue 13), and the two ways that work on any page: the selection's context
 * menu and the side panel's paste box.
 */
import { messageIdOf } from './message-id';
import type { SiteAdapter } from './types';

export type AdapterHealth =
  | { ok: true }
  | { ok: false; message: string; part: 'turn' | 'message-id' | 'content' };

/** The routes that need no selector at all. */
export const OTHER_ROUTES =
  'You can still select a reply and choose “Apply with ReplyApply” from the right-click menu, or paste it into the side panel.';

export function adapterHealth(adapter: SiteAdapter, doc: Document, url: string | URL): AdapterHealth {
  const conversationId = adapter.conversationId(url);
  // A new chat or a settings page has no replies to find.
  if (!conversationId) return { ok: true };
  const s = adapter.selectors;
  const turns = Array.from(doc.querySelectorAll(s.turn.css));
  if (turns.length === 0) {
    const composer = s.composer ? doc.querySelector(s.composer.css) : null;
    return {
      ok: false,
      part: 'turn',
      message: composer
        ? `This page shows a ${adapter.id} conversation, but ReplyApply finds none of its replies ` +
          `(nothing matches ${s.turn.css}): the site's layout may have changed, so no Apply buttons will appear here. ${OTHER_ROUTES}`
        : `This page shows a ${adapter.id} conversation, but ReplyApply finds neither its replies nor ` +
          `its message box: the page has not finished loading, or the site's layout has changed. ${OTHER_ROUTES}`,
    };
  }
  // Replies without an id are never reported finished: the tracker cannot tell them apart.
  if (turns.every((t) => !messageIdOf(t, adapter))) {
    return {
      ok: false,
      part: 'message-id',
      message:
        `ReplyApply finds ${turns.length} ${adapter.id} repl${turns.length === 1 ? 'y' : 'ies'} but cannot tell them apart ` +
        `(none has its ${s.messageIdAttribute}), so no Apply buttons will appear here. ${OTHER_ROUTES}`,
    };
  }
  if (turns.every((t) => !t.querySelector(s.content.css))) {
    return {
      ok: false,
      part: 'content',
      message:
        `ReplyApply finds the ${adapter.id} replies but not their text (nothing in them matches ${s.content.css}); ` +
        `it reads them whole, which may include the site's labels. ${OTHER_ROUTES}`,
    };
  }
  return { ok: true };
}
