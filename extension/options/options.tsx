import { useEffect, useState } from 'preact/hooks';
import { ADAPTERS, type SelfHostedKind } from '../content/sites/registry';
import { siteName } from '../ui/labels';
import {
  ADAPTERS_OFF_KEY,
  parseOrigin,
  readAdaptersOff,
  readSelfHosted,
  SELF_HOSTED_KEY,
  SELF_HOSTED_KINDS,
  type SelfHosted,
} from '../ui/self-hosted';

const KIND_NAMES: Record<SelfHostedKind, string> = {
  openwebui: 'Open WebUI',
  librechat: 'LibreChat',
  generic: 'another chat (generic reader)',
};

/** Self-hosted chats: add an origin (asking for its permission), or remove one. */
export function Options() {
  const [sites, setSites] = useState<SelfHosted>({});
  const [input, setInput] = useState('');
  const [kind, setKind] = useState<SelfHostedKind>('openwebui');
  const [message, setMessage] = useState('');

  useEffect(() => {
    chrome.storage.local.get(SELF_HOSTED_KEY).then((v) => setSites(readSelfHosted(v[SELF_HOSTED_KEY])));
  }, []);

  const save = async (next: SelfHosted) => {
    await chrome.storage.local.set({ [SELF_HOSTED_KEY]: next });
    setSites(next);
  };

  const add = async (e: Event) => {
    e.preventDefault();
    const parsed = parseOrigin(input);
    if (!parsed.ok) {
      setMessage(parsed.message);
      return;
    }
    // Asked from the click: the browser shows its own prompt for this one origin.
    const granted = await chrome.permissions.request({ origins: [`${parsed.origin}/*`] });
    if (!granted) {
      setMessage(`Permission for ${parsed.origin} was not given, so ReplyApply cannot read that chat.`);
      return;
    }
    await save({ ...sites, [parsed.origin]: kind });
    setInput('');
    setMessage(`Added ${parsed.origin}. Reload its tabs to see the Apply buttons.`);
  };

  const remove = async (origin: string) => {
    const next = { ...sites };
    delete next[origin];
    await save(next);
    await chrome.permissions.remove({ origins: [`${origin}/*`] }).catch(() => false);
    setMessage(`Removed ${origin}.`);
  };

  return (
    <main style={{ maxWidth: '640px', margin: '24px auto', padding: '0 16px' }}>
      <h1 style={{ fontSize: '18px' }}>ReplyApply options</h1>
      <section>
        <h2 style={{ fontSize: '15px' }}>Self-hosted chats</h2>
        <p class="muted">
          Open WebUI and LibreChat run at an address of your own. Add it here and ReplyApply puts its Apply
          button there too; the browser asks you to allow that one site.
        </p>
        <ul data-replyapply="self-hosted-list">
          {Object.entries(sites).map(([origin, k]) => (
            <li key={origin} data-origin={origin}>
              <code>{origin}</code> — {KIND_NAMES[k]}{' '}
              <button type="button" onClick={() => void remove(origin)}>
                Remove
              </button>
            </li>
          ))}
          {Object.keys(sites).length === 0 && <li class="muted">None yet.</li>}
        </ul>
        <form onSubmit={(e) => void add(e)} style={{ display: 'flex', gap: '6px', flexWrap: 'wrap' }}>
          <input
            data-replyapply="origin-input"
            aria-label="Address of the chat"
            placeholder="https://chat.example.org"
            value={input}
            onInput={(e) => setInput(e.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
          />
          <select
            data-replyapply="origin-kind"
            aria-label="Which app"
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as SelfHostedKind)}
          >
            {SELF_HOSTED_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_NAMES[k]}
              </option>
            ))}
          </select>
          <button type="submit" class="primary" data-replyapply="origin-add">
            Add
          </button>
        </form>
        {message && (
          <p role="status" data-replyapply="options-status">
            {message}
          </p>
        )}
      </section>
      <AdaptersOff />
    </main>
  );
}

/**
 * A site whose Apply buttons went away (its layout changed) can be read with the generic reader until
 * ReplyApply is updated: it finds replies by their look. ReplyApply switches to it by itself when the
 * site's reader finds no reply at all; this is for a reader that finds the wrong ones or too few.
 */
function AdaptersOff() {
  const [off, setOff] = useState<string[]>([]);
  useEffect(() => {
    chrome.storage.local.get(ADAPTERS_OFF_KEY).then((v) => setOff(readAdaptersOff(v[ADAPTERS_OFF_KEY])));
  }, []);
  const toggle = async (id: string, generic: boolean) => {
    const next = generic ? [...new Set([...off, id])] : off.filter((x) => x !== id);
    await chrome.storage.local.set({ [ADAPTERS_OFF_KEY]: next });
    setOff(next);
  };
  return (
    <section>
      <h2 style={{ fontSize: '15px' }}>Sites read with the generic reader</h2>
      <p class="muted">
        If a site changed its page and its Apply buttons are missing or misplaced, tick it: ReplyApply then
        finds its replies by their look instead of by the site's markup. Reload the site's tabs after a
        change.
      </p>
      <ul data-replyapply="adapters-off" style={{ columns: 2, listStyle: 'none', paddingLeft: 0 }}>
        {ADAPTERS.filter((a) => a.hosts.length > 0).map((a) => (
          <li key={a.id}>
            <label>
              <input
                type="checkbox"
                data-replyapply-site={a.id}
                checked={off.includes(a.id)}
                onChange={(e) => void toggle(a.id, e.currentTarget.checked)}
              />{' '}
              {siteName(a.id)}
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
