/**
 * The isolated world's half of a capture armed in the page's MAIN world (the Copy button's clipboard,
 * raw-text.ts; the Download button's file, download-capture.ts): arm it with a fresh nonce, click the
 * page's control, and take the one answer the MAIN-world half reports for that nonce. Never clicks
 * unless that half answered the arming (the click would otherwise reach the clipboard, or save a file).
 */
export interface CaptureEvents {
  arm: string;
  armed: string;
  /** The answer: a JSON string `{ nonce, … }`. */
  done: string;
  disarm: string;
}

export type ArmedClickResult<T> =
  | { ok: true; value: T }
  | { ok: false; kind: 'not-installed' | 'timeout' | 'aborted' };

/**
 * `answer(parsed)` turns the MAIN-world half's answer for this nonce into the result (undefined: not
 * an answer, keep waiting).
 */
export function armedClick<T>(
  button: HTMLElement,
  events: CaptureEvents,
  answer: (parsed: Record<string, unknown>) => T | undefined,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): Promise<ArmedClickResult<T>> {
  if (signal?.aborted) return Promise.resolve({ ok: false, kind: 'aborted' });
  const doc = button.ownerDocument;
  const win = doc.defaultView ?? globalThis;
  const nonce = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return new Promise((resolve) => {
    let armed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (result: ArmedClickResult<T>) => {
      doc.removeEventListener(events.armed, onArmed);
      doc.removeEventListener(events.done, onDone);
      signal?.removeEventListener('abort', onAbort);
      if (timer !== undefined) win.clearTimeout(timer);
      doc.dispatchEvent(new CustomEvent(events.disarm, { detail: nonce }));
      resolve(result);
    };
    const onArmed = (e: Event) => {
      if ((e as CustomEvent).detail === nonce) armed = true;
    };
    const onDone = (e: Event) => {
      const detail = (e as CustomEvent).detail;
      if (typeof detail !== 'string') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(detail);
      } catch {
        return;
      }
      if (typeof parsed !== 'object' || parsed === null) return;
      if ((parsed as { nonce?: unknown }).nonce !== nonce) return;
      const value = answer(parsed as Record<string, unknown>);
      if (value !== undefined) finish({ ok: true, value });
    };
    const onAbort = () => finish({ ok: false, kind: 'aborted' });
    doc.addEventListener(events.armed, onArmed);
    doc.addEventListener(events.done, onDone);
    signal?.addEventListener('abort', onAbort);
    // Event dispatch is synchronous: the MAIN-world half has answered by the next line.
    doc.dispatchEvent(new CustomEvent(events.arm, { detail: nonce }));
    if (!armed) {
      finish({ ok: false, kind: 'not-installed' });
      return;
    }
    timer = win.setTimeout(() => finish({ ok: false, kind: 'timeout' }), timeoutMs);
    button.click();
  });
}
