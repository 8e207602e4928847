/**
 * A document's exact text through the page's own Download control (issue 42: a Claude artifact card
 * holds a title, a type and a Download button; the artifact's text is not on the page), taken as Copy's
 * is: on the user's Apply click only, with nothing left in their downloads.
 *
 * Two halves, as for the Copy button (raw-text.ts): `installDownloadCapture` runs in the page's MAIN
 * world (injected with the clipboard capture), where a site saves a file: it makes a `Blob`, a URL for
 * it (`URL.createObjectURL`), and clicks an `<a download>` holding that URL (FileSaver's way, and what a
 * browser needs to save a file a script made). While armed, that click saves nothing: the anchor's file
 * name and the blob's text are handed to the isolated world instead. A `data:` URL is decoded, a
 * same-origin URL fetched with the page's cookies; another origin's file is refused, not saved.
 *   isolated → main: `replyapply:arm-download` (nonce)    main → isolated: `replyapply:armed-download`
 *   main → isolated: `replyapply:downloaded` (JSON {nonce, name, text} or {nonce, error})
 *   isolated → main: `replyapply:disarm-download` (nonce)
 */

import { armedClick } from './armed-click';

export const ARM_DOWNLOAD = 'replyapply:arm-download';
export const ARMED_DOWNLOAD = 'replyapply:armed-download';
export const DOWNLOADED = 'replyapply:downloaded';
export const DISARM_DOWNLOAD = 'replyapply:disarm-download';

export type DownloadResult =
  | { ok: true; name: string; text: string }
  | { ok: false; kind: 'not-installed' | 'timeout' | 'aborted' | 'refused'; message: string };

/**
 * The MAIN-world half. Self-contained (it is injected with `chrome.scripting.executeScript({ func })`,
 * which sends only its source): no imports, the event names written out.
 */
export function installDownloadCapture(): void {
  const w = window as unknown as { __replyApplyDownloadCapture?: boolean };
  if (w.__replyApplyDownloadCapture) return;
  w.__replyApplyDownloadCapture = true;

  let active: { nonce: string; restore: () => void; timer: ReturnType<typeof setTimeout> } | null = null;
  const blobs = new Map<string, Blob>();
  const report = (detail: object) =>
    document.dispatchEvent(new CustomEvent('replyapply:downloaded', { detail: JSON.stringify(detail) }));

  const disarm = () => {
    if (!active) return;
    clearTimeout(active.timer);
    active.restore();
    active = null;
  };

  const textOf = async (href: string): Promise<string> => {
    const blob = blobs.get(href);
    if (blob) return blob.text();
    const url = new URL(href, location.href);
    if (url.protocol === 'data:' || url.protocol === 'blob:' || url.origin === location.origin)
      return (await fetch(url.href, { credentials: 'include' })).text();
    throw new Error(`the file is on another site (${url.origin}), so it is not fetched`);
  };

  /** An anchor the site clicks to save a file: taken, not followed. True when it was taken. */
  const take = (anchor: HTMLAnchorElement): boolean => {
    if (!active || !anchor.hasAttribute('download')) return false;
    const { nonce } = active;
    const name = anchor.getAttribute('download') || anchor.href.split(/[/?#]/).filter(Boolean).pop() || '';
    const href = anchor.href;
    disarm();
    textOf(href).then(
      (text) => report({ nonce, name, text }),
      (err: unknown) => report({ nonce, error: String((err as Error)?.message ?? err) }),
    );
    return true;
  };

  document.addEventListener('replyapply:arm-download', (event) => {
    const nonce = (event as CustomEvent).detail;
    if (typeof nonce !== 'string') return;
    disarm();
    const proto = HTMLAnchorElement.prototype;
    const click = Object.getOwnPropertyDescriptor(proto, 'click');
    const dispatch = Object.getOwnPropertyDescriptor(proto, 'dispatchEvent');
    const create = URL.createObjectURL;
    Object.defineProperty(proto, 'click', {
      configurable: true,
      writable: true,
      value(this: HTMLAnchorElement) {
        if (!take(this)) (click?.value ?? HTMLElement.prototype.click).call(this);
      },
    });
    Object.defineProperty(proto, 'dispatchEvent', {
      configurable: true,
      writable: true,
      value(this: HTMLAnchorElement, e: Event) {
        if (e.type === 'click' && take(this)) return false;
        return (dispatch?.value ?? EventTarget.prototype.dispatchEvent).call(this, e);
      },
    });
    URL.createObjectURL = (obj: Blob | MediaSource) => {
      const url = create.call(URL, obj);
      if (obj instanceof Blob) blobs.set(url, obj);
      return url;
    };
    // A click on an anchor in the document (a user-style click the site makes on a real link).
    const onClick = (e: MouseEvent) => {
      const a = (e.target as Element | null)?.closest?.('a[download]') as HTMLAnchorElement | null;
      if (a && take(a)) e.preventDefault();
    };
    document.addEventListener('click', onClick, true);
    active = {
      nonce,
      restore: () => {
        if (click) Object.defineProperty(proto, 'click', click);
        else delete (proto as unknown as Record<string, unknown>).click;
        if (dispatch) Object.defineProperty(proto, 'dispatchEvent', dispatch);
        else delete (proto as unknown as Record<string, unknown>).dispatchEvent;
        URL.createObjectURL = create;
        document.removeEventListener('click', onClick, true);
        // The blobs stay readable until their text is taken; the site revokes its URLs itself.
        setTimeout(() => blobs.clear(), 10_000);
      },
      timer: setTimeout(disarm, 5000),
    };
    document.dispatchEvent(new CustomEvent('replyapply:armed-download', { detail: nonce }));
  });

  document.addEventListener('replyapply:disarm-download', (event) => {
    if (active && (event as CustomEvent).detail === active.nonce) disarm();
  });
}

/**
 * Clicks `button` (a page's Download control) with the MAIN-world capture armed, and gives the file's
 * name and text. Never clicks unless the capture answered the arming: the click would save a file.
 */
export async function captureViaDownload(
  button: HTMLElement,
  signal?: AbortSignal,
  timeoutMs = 4000,
): Promise<DownloadResult> {
  const events = { arm: ARM_DOWNLOAD, armed: ARMED_DOWNLOAD, done: DOWNLOADED, disarm: DISARM_DOWNLOAD };
  const r = await armedClick(
    button,
    events,
    (a): DownloadResult =>
      typeof a.text === 'string' && typeof a.name === 'string'
        ? { ok: true, name: a.name, text: a.text }
        : {
            ok: false,
            kind: 'refused',
            message: `The Download button's file could not be read: ${String(a.error)}.`,
          },
    signal,
    timeoutMs,
  );
  if (r.ok) return r.value;
  const message =
    r.kind === 'aborted'
      ? 'Stopped.'
      : r.kind === 'not-installed'
        ? 'The download capture is not installed in the page.'
        : `The Download button saved nothing within ${timeoutMs} ms.`;
  return { ok: false, kind: r.kind, message };
}
