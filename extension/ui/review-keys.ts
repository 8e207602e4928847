/**
 * The review's keys: j and k move between the files, space ticks or unticks the file in focus, a applies.
 * Each does what a click does — a click on the file's box, on the Apply button — so a file that needs a
 * confirmation asks for it, a box that cannot be ticked stays as it is, and a disabled Apply does
 * nothing. What is typed into a text field is the field's; with Ctrl, Alt or ⌘ a key is the browser's.
 */

export const REVIEW_KEYS_HELP = 'j/k move · space tick · a apply';

/** The file rows in order (file-row.tsx). */
const ROWS = '.file-list > [data-replyapply-file]';

/** Inputs whose keys are not text: the review's keys still work while one of them has the focus. */
const NOT_TEXT = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color']);

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !NOT_TEXT.has(target.type);
  return (
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

/** Does what the key asks in the review of `doc`; true when it took the key (its default is then prevented). */
export function onReviewKey(e: KeyboardEvent, doc: Document): boolean {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return false;
  if (typing(e.target)) return false;
  const rows = [...doc.querySelectorAll<HTMLElement>(ROWS)];
  const focused = doc.activeElement;
  const current = focused?.closest<HTMLElement>(ROWS) ?? null;
  const at = current ? rows.indexOf(current) : -1;
  if (e.key === 'j' || e.key === 'k') {
    if (!rows.length) return false;
    // From outside the list, j and k both start at the first file.
    const to = at === -1 ? 0 : Math.min(Math.max(at + (e.key === 'j' ? 1 : -1), 0), rows.length - 1);
    const row = rows[to]!;
    row.focus({ preventScroll: true });
    // The row's head (its box and name) is what must be seen: a row with a long diff can be taller than
    // the panel. Its scroll margin (ui.css) keeps it clear of the sticky Apply bar.
    (row.querySelector('.file-head') ?? row).scrollIntoView({ block: 'nearest' });
    e.preventDefault();
    return true;
  }
  if (e.key === ' ') {
    // On the box itself, a button or a link inside the row, space is already theirs.
    if (!current || focused !== current || e.repeat) return false;
    const box = current.querySelector<HTMLInputElement>('input[type="checkbox"][data-accept]');
    if (!box) return false;
    box.click();
    e.preventDefault();
    return true;
  }
  if (e.key === 'a') {
    const apply = doc.querySelector<HTMLButtonElement>('[data-replyapply="apply-all"]');
    if (!apply || e.repeat) return false;
    apply.click();
    e.preventDefault();
    return true;
  }
  return false;
}

/** Listens for the review's keys on the whole page; the returned function stops. */
export function listenReviewKeys(doc: Document): () => void {
  const listener = (e: KeyboardEvent) => {
    onReviewKey(e, doc);
  };
  doc.addEventListener('keydown', listener);
  return () => doc.removeEventListener('keydown', listener);
}
