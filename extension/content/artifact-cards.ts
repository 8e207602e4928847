/**
 * Documents a reply shows only as cards (a Claude artifact: its title, its type, a Download button; the
 * text is not on the page), read through each card's Download control on the user's click and written
 * as the `<antArtifact>` tags the conversation readers write (shared/formats/artifacts.ts), so the
 * review treats them as it treats the API's: `artifact "Mlb bot", read with its Download button`.
 *
 * The file a card's download is named (`mlb_bot.py`) is the site's name for the document, not a path
 * the reply gave: it is offered as a guess (unticked, and only for a file that exists), as a file named
 * in a sentence is.
 */
import { artifactTag } from '../../shared/formats/artifacts';
import { captureViaDownload } from './download-capture';
import type { SiteAdapter } from './sites/types';

export interface CardsRead {
  /** The tags to append to the reply's text, one per card read ('' when none). */
  text: string;
  /** Cards found, and why each one that was not read was not. */
  found: number;
  notes: string[];
}

/** The artifact cards of a turn: inside the turn, or beside it in its container. */
export function artifactCardsOf(turn: Element, adapter: SiteAdapter): Element[] {
  const spec = adapter.selectors.artifactCard;
  if (!spec) return [];
  const scope = turn.closest(adapter.selectors.container.css) ?? turn;
  return Array.from(scope.querySelectorAll(spec.css));
}

export async function readArtifactCards(
  turn: Element,
  adapter: SiteAdapter,
  signal?: AbortSignal,
): Promise<CardsRead> {
  const spec = adapter.selectors.artifactCard;
  const cards = artifactCardsOf(turn, adapter);
  const out: CardsRead = { text: '', found: cards.length, notes: [] };
  if (!spec) return out;
  for (const [i, card] of cards.entries()) {
    const title = spec.title(card) || `card ${i + 1}`;
    const button = card.querySelector<HTMLElement>(spec.download);
    if (!button) {
      out.notes.push(`The artifact "${title}" shows no Download button.`);
      continue;
    }
    const got = await captureViaDownload(button, signal);
    if (!got.ok) {
      out.notes.push(`The artifact "${title}" could not be read: ${got.message}`);
      continue;
    }
    const name = got.name.split(/[\\/]/).pop() ?? '';
    const ext = /\.([\w+-]{1,12})$/.exec(name)?.[1]?.toLowerCase();
    const hint = name ? `\n\nThe Download button names it \`${name}\`.` : '';
    out.text += `${hint}\n${artifactTag(
      { identifier: `page-card-${i + 1}`, title, ...(ext ? { language: ext } : {}), read: 'download' },
      got.text,
    )}\n`;
  }
  return out;
}
