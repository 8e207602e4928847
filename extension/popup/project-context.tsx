/**
 * "Add files to the chat" (issue 41): pick files of the project folder, see what they cost in tokens, and
 * put them into the chat's message box as one bundle (shared/context/bundle.ts), the format instruction
 * after them if wanted. The pick logic is context-pick.ts; this is its view and its I/O:
 * - the tree comes from the host's `listTree`, the files' text and hashes from `readFiles` (read as they
 *   are ticked, and again at Insert, so what goes in is what is on disk then);
 * - tokens are counted file by file with a pause between (the tokenizer takes ~0.1 s per MiB), each count
 *   kept by path and content hash, so ticking and filtering count nothing twice; the tokenizer module is
 *   loaded when the picker opens, not with the popup;
 * - the ticks and the hashes of what was put in are remembered per conversation in chrome.storage.local,
 *   for the next time and for "Send changed files again".
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { buildBundle } from '../../shared/context/bundle';
import type { TokenCount } from '../../shared/context/tokens';
import { instructionFor } from '../../shared/instructions/registry';
import { MAX_BUNDLE_CHARS } from '../../shared/protocol/bounds';
import { conversationKey } from '../ui/folders';
import { siteName } from '../ui/labels';
import type { HostCall } from '../ui/review';
import type { ActiveChat } from './active-chat';
import { framing, slicer, type TokensModule } from './context-count';
import { type FileText, READ_BATCH, readTexts, sendBundle } from './context-io';
import {
  afterSending,
  changedSince,
  defaultChoice,
  filtered,
  readSelections,
  readSent,
  remember,
  restoreTicks,
  rowsOf,
  SELECTION_KEY,
  SENT_KEY,
  selectionKey,
  type Tree,
  tickable,
  toggleFile,
  toggleFolder,
} from './context-pick';
import { FileRowView, FolderRowView } from './context-row';
import {
  filesWords,
  formatNumber,
  limitWords,
  sizeWords,
  skippedWords,
  stoppedWords,
  summaryWords,
} from './context-words';
import { PREFERRED_FORMAT_KEY } from './instructions';

/**
 * Rows drawn at most: a popup list of thousands is no help to a reader, and each count update draws every
 * row again. The rest is said, and the filter finds it; a folder's box still ticks all of its files.
 */
const MAX_ROWS = 400;
/** Counts reach the view at most this often: each update draws every row again. */
const SHOW_EVERY_MS = 100;

type Status =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'done'; note: string }
  | { state: 'failed'; message: string };

export interface ProjectContextProps {
  root: string;
  call: HostCall;
  /** The chat in the active tab: undefined while asked, null when the tab is no chat ReplyApply reads. */
  chat: ActiveChat | null | undefined;
}

export function ProjectContext({ root, call, chat }: ProjectContextProps) {
  const [open, setOpen] = useState(false);
  return (
    <section
      data-replyapply="context"
      aria-label="Add files to the chat"
      style={{ borderTop: '1px solid var(--border)', marginTop: '10px', paddingTop: '6px' }}
    >
      <button
        type="button"
        data-replyapply="context-open"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Close the file list' : 'Add files to the chat'}
      </button>
      {open && chat !== undefined && <Picker key={root} root={root} call={call} chat={chat} />}
      {open && chat === undefined && <p class="muted">Looking at this tab…</p>}
    </section>
  );
}

function Picker({ root, call, chat }: { root: string; call: HostCall; chat: ActiveChat | null }) {
  const site = chat?.site ?? '';
  const key = selectionKey(chat ? conversationKey(chat.site, chat.conversationId) : undefined, root);
  const [tree, setTree] = useState<Tree | null>(null);
  const [treeError, setTreeError] = useState<string | null>(null);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  /** The default ticks held back (the folder's plain files come to more than a chat takes): how many, how much. */
  const [heldBack, setHeldBack] = useState<{ files: number; bytes: number } | null>(null);
  const [sent, setSent] = useState<Record<string, string>>({});
  const [filter, setFilter] = useState('');
  const [texts, setTexts] = useState<ReadonlyMap<string, FileText>>(new Map());
  const [counts, setCounts] = useState<ReadonlyMap<string, TokenCount>>(new Map());
  const [tokens, setTokens] = useState<TokensModule | null>(null);
  const [withInstruction, setWithInstruction] = useState(true);
  const [instruction, setInstruction] = useState(() => instructionFor(undefined).text);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const cache = useRef<InstanceType<TokensModule['TokenCache']> | null>(null);
  const reading = useRef(new Set<string>());
  /** The ticks as restored or defaulted: remembered only once the user changes them. */
  const initialTicks = useRef<Set<string> | null>(null);

  // The tree, the remembered ticks and sent hashes, the preferred format, and the tokenizer, together.
  useEffect(() => {
    let live = true;
    void import('../../shared/context/tokens').then((m) => {
      if (!live) return;
      cache.current = new m.TokenCache();
      setTokens(m);
    });
    void (async () => {
      const stored = await chrome.storage.local
        .get([SELECTION_KEY, SENT_KEY, PREFERRED_FORMAT_KEY])
        .catch(() => ({}) as Record<string, unknown>);
      const format = stored[PREFERRED_FORMAT_KEY];
      if (live) setInstruction(instructionFor(typeof format === 'string' ? format : undefined).text);
      let listed: Tree;
      try {
        listed = await call('listTree', { root });
      } catch (err) {
        if (live)
          setTreeError(`Could not list the folder: ${err instanceof Error ? err.message : String(err)}`);
        return;
      }
      if (!live) return;
      const remembered = readSelections(stored[SELECTION_KEY])[key];
      const choice =
        remembered?.root === root ? { ticks: restoreTicks(listed, remembered.paths) } : defaultChoice(listed);
      const first = choice.ticks;
      setHeldBack(choice.heldBack ?? null);
      initialTicks.current = first;
      setTicked(first);
      setSent(readSent(stored[SENT_KEY])[key] ?? {});
      setTree(listed);
    })();
    return () => {
      live = false;
    };
  }, [call, root, key]);

  // Ticks are remembered as they change; the defaults are not, so files added later are ticked by default.
  useEffect(() => {
    if (initialTicks.current === null || ticked === initialTicks.current) return;
    const paths = [...ticked];
    void chrome.storage.local
      .get(SELECTION_KEY)
      .then((s) =>
        chrome.storage.local.set({
          [SELECTION_KEY]: remember(readSelections(s[SELECTION_KEY]), key, { root, paths }),
        }),
      )
      .catch(() => undefined);
  }, [ticked]);

  const chosen = useMemo(
    () => (tree ? tree.entries.filter((e) => tickable(e) && ticked.has(e.path)).map((e) => e.path) : []),
    [tree, ticked],
  );
  // Bytes are at least as many as characters: ticked files over the message box's bound are neither read
  // nor counted (a large project ticked whole would otherwise be read into the popup), and cannot go in.
  const chosenBytes = useMemo(
    () => (tree ? tree.entries.reduce((n, e) => (tickable(e) && ticked.has(e.path) ? n + e.size : n), 0) : 0),
    [tree, ticked],
  );
  const tooMuch = chosenBytes > MAX_BUNDLE_CHARS;

  // The ticked files not read yet are read, a batch at a time.
  useEffect(() => {
    if (tooMuch) return;
    const wanted = [...ticked].filter((p) => !texts.has(p) && !reading.current.has(p));
    if (wanted.length === 0) return;
    for (const p of wanted) reading.current.add(p);
    void (async () => {
      for (let i = 0; i < wanted.length; i += READ_BATCH) {
        const batch = wanted.slice(i, i + READ_BATCH);
        const got = await readTexts(call, root, batch);
        for (const p of batch) reading.current.delete(p);
        setTexts((prev) => new Map([...prev, ...got]));
      }
    })();
  }, [ticked, texts, tooMuch]);

  // Tokens of the ticked files read, counted one file at a time; stopped when what is ticked changes.
  useEffect(() => {
    const mod = tokens;
    const kept = cache.current;
    if (!mod || !kept || tooMuch) return;
    const todo = [...ticked].flatMap((path) => {
      const t = texts.get(path);
      return t && 'hash' in t && !counts.has(path) ? [{ path, hash: t.hash, text: t.text }] : [];
    });
    if (todo.length === 0) return;
    const signal = { aborted: false };
    const pending = new Map<string, TokenCount>();
    let shownAt = performance.now();
    const show = () => {
      if (signal.aborted || pending.size === 0) return;
      const got = [...pending];
      pending.clear();
      shownAt = performance.now();
      setCounts((prev) => new Map([...prev, ...got]));
    };
    void mod
      .countEach(
        todo,
        site,
        kept,
        slicer(),
        (f) => {
          pending.set(f.path, f.tokens);
          if (performance.now() - shownAt > SHOW_EVERY_MS) show();
        },
        signal,
      )
      .then(show);
    return () => {
      signal.aborted = true;
    };
  }, [tokens, ticked, texts, site, tooMuch]);

  const allRows = useMemo(() => (tree ? rowsOf(filtered(tree, filter)) : []), [tree, filter]);
  const shown = allRows.length > MAX_ROWS ? allRows.slice(0, MAX_ROWS) : allRows;

  if (treeError)
    return (
      <p class="error" role="alert" data-replyapply="context-error">
        {treeError}
      </p>
    );
  if (!tree)
    return (
      <p class="muted" data-replyapply="context-loading">
        Listing the folder…
      </p>
    );

  const ready = chosen.every((p) => counts.has(p) || (texts.get(p) && 'error' in texts.get(p)!));
  const readable = chosen.filter((p) => counts.has(p));
  const name = chat ? siteName(chat.site) : 'This page';
  const total =
    tokens && ready
      ? tokens.totalOf(
          [
            ...readable.map((p) => counts.get(p)!),
            // The bundle's own words: the intro, the list of paths, a path and fence per file, the instruction.
            ...(readable.length > 0
              ? [framing(tokens, readable, withInstruction ? instruction : '', site)]
              : []),
          ],
          site,
        )
      : null;
  const limit = total && tokens ? limitWords(total, tokens.siteLimit(site), name) : null;
  const skipped = skippedWords(tree.skipped);
  const stopped = stoppedWords(tree.stopped);
  const sentBefore = chosen.some((p) => sent[p] !== undefined);

  const insert = async (onlyChanged: boolean) => {
    setStatus({ state: 'busy' });
    const fresh = await readTexts(call, root, chosen);
    setTexts((prev) => new Map([...prev, ...fresh]));
    setCounts((prev) => {
      // A file whose content changed since it was counted is counted again.
      const next = new Map(prev);
      for (const [p, t] of fresh) {
        const before = texts.get(p);
        if (!(before && 'hash' in before && 'hash' in t && before.hash === t.hash)) next.delete(p);
      }
      return next;
    });
    const files = chosen.flatMap((path) => {
      const t = fresh.get(path);
      return t && 'hash' in t ? [{ path, hash: t.hash, text: t.text }] : [];
    });
    const unreadable = chosen.filter((p) => !files.some((f) => f.path === p));
    let put = files;
    if (onlyChanged) {
      const changed = changedSince(sent, files);
      if (changed.files.length === 0) {
        setStatus({ state: 'failed', message: changed.reason ?? 'Nothing changed.' });
        return;
      }
      put = files.filter((f) => changed.files.includes(f.path));
    }
    if (put.length === 0) {
      setStatus({ state: 'failed', message: 'None of the ticked files could be read.' });
      return;
    }
    const text = buildBundle(
      put.map((f) =>
        onlyChanged ? { path: f.path, content: f.text, changed: true } : { path: f.path, content: f.text },
      ),
      withInstruction ? { instruction } : {},
    );
    if (text.length > MAX_BUNDLE_CHARS) {
      setStatus({
        state: 'failed',
        message: `The files come to ${formatNumber(text.length)} characters, over the ${formatNumber(MAX_BUNDLE_CHARS)} a message box is given. Untick some.`,
      });
      return;
    }
    const answer = await sendBundle(text, chat?.tabId);
    if (!answer.ok) {
      setStatus({ state: 'failed', message: answer.message });
      return;
    }
    const nextSent = afterSending(sent, put);
    setSent(nextSent);
    void chrome.storage.local
      .get(SENT_KEY)
      .then((s) => chrome.storage.local.set({ [SENT_KEY]: remember(readSent(s[SENT_KEY]), key, nextSent) }))
      .catch(() => undefined);
    const what = `${put.length} ${onlyChanged ? 'changed ' : ''}file${put.length === 1 ? '' : 's'}`;
    const left = unreadable.length > 0 ? ` Left out, unreadable: ${unreadable.join(', ')}.` : '';
    setStatus({
      state: 'done',
      note: `Inserted ${what} into the message box. Add your request, then send.${left}`,
    });
  };

  return (
    <div data-replyapply="context-picker" style={{ marginTop: '6px' }}>
      <input
        type="search"
        data-replyapply="context-filter"
        aria-label="Filter files"
        placeholder="Filter by path"
        value={filter}
        onInput={(e) => setFilter((e.currentTarget as HTMLInputElement).value)}
        style={{ width: '100%', font: 'inherit', color: 'var(--fg)', background: 'var(--bg)' }}
      />
      <ul
        data-replyapply="context-tree"
        aria-label="Project files"
        style={{ listStyle: 'none', margin: '6px 0', padding: 0, maxHeight: '240px', overflowY: 'auto' }}
      >
        {shown.length === 0 && (
          <li class="muted">
            {filter.trim() ? 'No file matches the filter.' : 'The folder has no text files.'}
          </li>
        )}
        {shown.map((row) =>
          row.kind === 'folder' ? (
            <FolderRowView
              key={`d:${row.path}`}
              row={row}
              ticked={ticked}
              onToggle={(r) => setTicked(toggleFolder(r, ticked))}
            />
          ) : (
            <FileRowView
              key={`f:${row.entry.path}`}
              row={row}
              ticked={ticked.has(row.entry.path)}
              text={texts.get(row.entry.path)}
              count={counts.get(row.entry.path)}
              onToggle={(p) => setTicked(toggleFile(p, ticked))}
            />
          ),
        )}
      </ul>
      {allRows.length > shown.length && (
        <p class="muted" data-replyapply="context-more" style={{ margin: '4px 0' }}>
          Showing the first {formatNumber(shown.length)} of {formatNumber(allRows.length)} rows: type in the
          filter to find the others.
        </p>
      )}
      {(skipped || stopped) && (
        <p class="muted" style={{ margin: '4px 0' }}>
          {skipped && <span data-replyapply="context-skipped">{skipped} </span>}
          {stopped && <span data-replyapply="context-stopped">{stopped}</span>}
        </p>
      )}
      <label style={{ display: 'flex', gap: '6px', alignItems: 'center' }}>
        <input
          type="checkbox"
          data-replyapply="context-instruction"
          checked={withInstruction}
          onChange={() => setWithInstruction(!withInstruction)}
        />
        Add the format instruction
      </label>
      <p data-replyapply="context-summary" style={{ margin: '6px 0 2px', fontWeight: 600 }}>
        {chosen.length === 0
          ? heldBack
            ? `None ticked: this folder's ${filesWords(heldBack.files)} come to ${sizeWords(heldBack.bytes)}, more than a chat takes at once. Tick the ones it needs.`
            : 'No file ticked.'
          : tooMuch
            ? `${filesWords(chosen.length)}, ${sizeWords(chosenBytes)}: more than the ${sizeWords(MAX_BUNDLE_CHARS)} a message box is given. Untick some.`
            : total && ready
              ? summaryWords(chosen.length, total)
              : `${filesWords(chosen.length)}, counting tokens…`}
      </p>
      {limit && chosen.length > 0 && !tooMuch && (
        <p
          data-replyapply="context-limit"
          class={limit.over ? 'warning' : 'muted'}
          style={{ margin: '2px 0' }}
        >
          {limit.text}
        </p>
      )}
      {!chat && (
        <p class="muted" style={{ margin: '2px 0' }}>
          This tab is no chat ReplyApply knows: open the conversation to insert into it.
        </p>
      )}
      <div style={{ display: 'flex', gap: '6px', alignItems: 'center', marginTop: '4px' }}>
        <button
          type="button"
          class="primary"
          data-replyapply="context-insert"
          disabled={status.state === 'busy' || chosen.length === 0 || tooMuch}
          onClick={() => void insert(false)}
        >
          {status.state === 'busy' ? 'Inserting…' : 'Insert into chat'}
        </button>
        <button
          type="button"
          data-replyapply="context-resend"
          disabled={status.state === 'busy' || !sentBefore || tooMuch}
          title={sentBefore ? undefined : 'None of the ticked files was put into this conversation yet.'}
          onClick={() => void insert(true)}
        >
          Send changed files again
        </button>
      </div>
      <p
        role="status"
        data-replyapply="context-status"
        class={status.state === 'failed' ? 'error' : 'ok'}
        style={{ margin: '4px 0' }}
      >
        {status.state === 'failed' ? status.message : status.state === 'done' ? status.note : ''}
      </p>
    </div>
  );
}
