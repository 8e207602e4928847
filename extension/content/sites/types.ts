/**
 * A site adapter is data: where a site keeps its assistant replies, how it shows that one is still
 * streaming, where its action bar is, and (optionally) how to ask the site's own API for the exact
 * markdown of a reply. The content script's machinery (tracker, button, text ladder) is the same for
 * every site; a new site is one adapter file, its saved pages, and one registry line.
 */

/**
 * One CSS selector with the saved pages it is checked against (refined-github's selectors.ts):
 * `expect[page]` is how many elements of that page's whole document must match. Pages are named
 * `corpus/<file>` (the shared corpus of real page excerpts) or `fixtures/<file>` (our saved pages
 * under `sites/fixtures/`). The counts are asserted by `sites.test.ts`, so a selector that stops
 * matching the saved pages fails a test instead of failing silently in the field.
 */
export interface SelectorSpec {
  css: string;
  expect: Readonly<Record<string, number>>;
}

export interface SiteSelectors {
  /** One assistant message: the element whose text is the reply. Searched in the whole document. */
  turn: SelectorSpec;
  /**
   * Attribute of `turn` holding the site's id of the message. Sites whose turns carry no id say how
   * they derive one in `SiteAdapter.messageId`; the attribute is still watched for changes.
   */
  messageIdAttribute: string;
  /**
   * The element that holds one turn together with its action bar. Found with `closest()` from a
   * turn; `doneMarker`, `copyButton` and `actionBar` are searched inside it.
   */
  container: SelectorSpec;
  /** The rendered markdown inside a turn (the DOM rung rebuilds markdown from it). */
  content: SelectorSpec;
  /** Present in the document while the site is streaming a reply (the stop button). */
  streaming: SelectorSpec;
  /** Present in a turn's container once the reply is complete (the site's action bar). */
  doneMarker?: SelectorSpec;
  /** The site's own "copy this reply" button, inside the container: the surest way (a test id). */
  copyButton?: SelectorSpec;
  /**
   * The same button by its accessible name (aria-label, title, or its text), compared without case:
   * sites drop test ids between versions, rarely the name. A name with "code" in it is never taken
   * (that is a code block's button).
   */
  copyButtonNames?: readonly string[];
  /**
   * The same button by its place: the n-th button (0-based) of the container that lies outside the
   * reply's text. Taken only when that button has no name, or a name with "copy" in it — never a
   * button named for anything else (Regenerate, Good response): clicking those would act on the chat.
   */
  copyButtonIndex?: number;
  /** Where our button goes, inside the container. Without a match it goes right after the turn. */
  actionBar: SelectorSpec;
  /** A rendered code block inside a turn. */
  codeBlock: SelectorSpec;
  /**
   * A card standing for a document whose text is not on the page (a Claude artifact), inside a turn,
   * and its Download control (`download`, searched inside the card): the document is read through it,
   * on the user's click (download-capture.ts). `title` takes the document's name from the card.
   */
  artifactCard?: SelectorSpec & { download: string; title: (card: Element) => string };
  /**
   * The control a site shows under a reply that stopped before its end (a length or tool-use limit):
   * `css` the controls to look at, `name` their text. Read from the page, such a reply's last code
   * block looks whole (the page closes its fence) though it was cut, so its operations wait for the
   * exact text (raw-text.ts).
   */
  cutOffControl?: { css: string; name: RegExp };
  /**
   * The message box the user types into (ChatGPT `#prompt-textarea`), for features that put text
   * into it. Also a sign that the page has loaded (see `adapterHealth`).
   */
  composer?: SelectorSpec;
}

/** What the site's API says about one reply. Failures are values: the ladder moves on to the next rung. */
export type RawTextResult =
  | { ok: true; text: string }
  | { ok: false; kind: 'auth' | 'http' | 'network' | 'shape' | 'missing' | 'aborted'; message: string };

export interface FetchContext {
  conversationId: string;
  messageId: string;
  /** Origin of the page (`https://chatgpt.com`); API paths are resolved against it. */
  origin: string;
  /** Injected so tests and the e2e can answer; in the page it is the content script's `fetch`. */
  fetch: typeof fetch;
  signal?: AbortSignal;
}

export interface SiteAdapter {
  id: string;
  /** Host names served by this adapter (exact match). */
  hosts: readonly string[];
  /**
   * Only pages at or below this path of those hosts (`/copilot` on github.com, `/chat` on
   * huggingface.co): sites whose chat shares its host with everything else. Undefined: the whole host.
   */
  pathPrefix?: string;
  /** The same, as manifest match patterns (`https://<host>/*`, or `https://<host><pathPrefix>*`). */
  matches: readonly string[];
  selectors: SiteSelectors;
  /**
   * The elements whose text is the reply of `turn`, in page order, when that is not the turn's own
   * `content` regions: a reply the site draws as several messages with documents between them
   * (ChatGPT's canvas turn). An empty list: the turn's text is another turn's reply.
   */
  regionsOf?: (turn: Element) => Element[] | null;
  /**
   * Read with the generic reader (`../generic/generic-adapter.ts`): the selectors are marks it sets on
   * the replies it found, not the site's own markup. The popup says so.
   */
  generic?: boolean;
  /**
   * The id of one reply, for sites that do not put it in `messageIdAttribute` of the turn (it may sit
   * on an ancestor, or the site may have none and the id is derived, e.g. from the turn's position).
   * Read it through `messageIdOf`, which falls back to the attribute.
   */
  messageId?(turn: Element): string | undefined;
  /** The conversation a page URL shows; undefined on pages without one (a new chat, settings). */
  conversationId(url: string | URL): string | undefined;
  /** The exact markdown of one reply from the site's API, when the site has one we can read. */
  fetchRawText?(ctx: FetchContext): Promise<RawTextResult>;
}
