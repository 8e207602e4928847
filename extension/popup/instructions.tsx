/**
 * "Ask the model for a format": the instruction text for the chosen format, to insert into the
 * chat's message box or copy, so the next reply comes in a form ReplyApply reads.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { FormatId } from '../../shared/changeset/changeset';
import { DEFAULT_FORMAT, INSTRUCTIONS, instructionFor } from '../../shared/instructions/registry';

export const PREFERRED_FORMAT_KEY = 'preferredFormat';

/** Popup → background → the chat tab's content script (the active tab's when none is named), which calls insertIntoComposer. */
export interface InsertInstructionsMessage {
  type: 'insert-instructions';
  text: string;
  tabId?: number;
}
export type InsertInstructionsAnswer = { ok: true; how?: string } | { ok: false; message: string };

type Outcome =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'done'; note: string }
  | { state: 'failed'; message: string };

/** `tabId`: the chat's tab (active-chat.ts), where Insert puts the text; the active tab when not known. */
export function FormatInstructions({ tabId }: { tabId?: number | undefined } = {}) {
  const [format, setFormat] = useState<FormatId>(DEFAULT_FORMAT);
  const [insert, setInsert] = useState<Outcome>({ state: 'idle' });
  const [copy, setCopy] = useState<Outcome>({ state: 'idle' });
  // A choice made before storage answered wins over the remembered one.
  const chosen = useRef(false);
  const instruction = instructionFor(format);

  useEffect(() => {
    let live = true;
    loadPreferred().then((id) => {
      if (live && !chosen.current) setFormat(id);
    });
    return () => {
      live = false;
    };
  }, []);

  const choose = (id: string) => {
    chosen.current = true;
    const next = instructionFor(id).id;
    setFormat(next);
    setInsert({ state: 'idle' });
    setCopy({ state: 'idle' });
    void chrome.storage.local.set({ [PREFERRED_FORMAT_KEY]: next }).catch(() => undefined);
  };

  const onInsert = async () => {
    setInsert({ state: 'busy' });
    setInsert(await insertIntoChat(instruction.text, tabId));
  };

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(instruction.text);
      setCopy({ state: 'done', note: 'Copied. Paste it into the chat with your request.' });
    } catch (err) {
      setCopy({
        state: 'failed',
        message: `Could not copy: ${err instanceof Error ? err.message : String(err)}`,
      });
    }
  };

  const status = insert.state === 'failed' ? insert : copy.state === 'failed' ? copy : null;
  const note = insert.state === 'done' ? insert.note : copy.state === 'done' ? copy.note : null;
  return (
    <details
      class="format-instructions"
      data-replyapply="format-instructions"
      style={{ borderTop: '1px solid var(--border)', marginTop: '10px', paddingTop: '6px' }}
    >
      <summary style={{ cursor: 'pointer', fontWeight: 600 }}>Ask the model for a format</summary>
      <p class="muted">Send this with your request, so the reply comes in a form ReplyApply reads.</p>
      <label style={{ display: 'flex', gap: '6px', alignItems: 'center' }}>
        Format
        <select
          data-replyapply="format-select"
          value={instruction.id}
          onChange={(e) => choose((e.currentTarget as HTMLSelectElement).value)}
          style={{ flex: 1, font: 'inherit', color: 'var(--fg)', background: 'var(--bg)' }}
        >
          {INSTRUCTIONS.map((i) => (
            <option key={i.id} value={i.id}>
              {i.id === DEFAULT_FORMAT ? `${i.name} (recommended)` : i.name}
            </option>
          ))}
        </select>
      </label>
      <p class="muted" data-replyapply="format-best-for" style={{ margin: '4px 0' }}>
        {instruction.bestFor}
      </p>
      <pre data-replyapply="format-text" style={{ maxHeight: '160px' }}>
        {instruction.text}
      </pre>
      <div style={{ display: 'flex', gap: '6px', alignItems: 'center' }}>
        <button
          type="button"
          class="primary"
          data-replyapply="format-insert"
          disabled={insert.state === 'busy'}
          onClick={() => void onInsert()}
        >
          {insert.state === 'busy'
            ? 'Inserting…'
            : insert.state === 'done'
              ? 'Inserted ✓'
              : 'Insert into chat'}
        </button>
        <button type="button" data-replyapply="format-copy" onClick={() => void onCopy()}>
          {copy.state === 'done' ? 'Copied ✓' : 'Copy'}
        </button>
      </div>
      <p
        role="status"
        data-replyapply="format-status"
        class={status ? 'error' : 'ok'}
        style={{ margin: '4px 0' }}
      >
        {status ? status.message : (note ?? '')}
      </p>
    </details>
  );
}

async function loadPreferred(): Promise<FormatId> {
  try {
    const stored = await chrome.storage.local.get(PREFERRED_FORMAT_KEY);
    const value = stored[PREFERRED_FORMAT_KEY];
    return instructionFor(typeof value === 'string' ? value : undefined).id;
  } catch {
    return DEFAULT_FORMAT;
  }
}

async function insertIntoChat(text: string, tabId: number | undefined): Promise<Outcome> {
  const message: InsertInstructionsMessage = {
    type: 'insert-instructions',
    text,
    ...(tabId !== undefined ? { tabId } : {}),
  };
  let answer: unknown;
  try {
    answer = await chrome.runtime.sendMessage(message);
  } catch (err) {
    return {
      state: 'failed',
      message: `Could not reach the page: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
  const a = answer as Partial<InsertInstructionsAnswer> | undefined;
  if (a?.ok === true)
    return { state: 'done', note: 'Inserted into the message box. Add your request, then send.' };
  if (a?.ok === false && typeof a.message === 'string') return { state: 'failed', message: a.message };
  return {
    state: 'failed',
    message:
      'No answer from the page. Open a conversation in this tab (reload it if it was open before), or use Copy.',
  };
}
