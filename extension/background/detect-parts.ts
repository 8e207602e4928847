/**
 * The background's half of reading a long reply off the chat page's thread (issue 44): the content
 * script sends the text in parts (`detect` messages, one task each on the page); the last one is read
 * here and answered with the proposal less its text. Parts are kept by sender frame and the sender's id;
 * a reply whose last part never comes is dropped after STALE_MS, and a frame holds PER_FRAME at most.
 */
import type { ContentMessage, DetectAnswer } from '../../shared/protocol/messages';
import { proposalFor } from '../../shared/protocol/proposal';

type Detect = Extract<ContentMessage, { type: 'detect' }>;

export class DetectParts {
  static readonly STALE_MS = 60_000;
  static readonly PER_FRAME = 4;
  private readonly pending = new Map<string, { parts: string[]; at: number }>();

  /** Takes one part from `frame` (the sender's tab and frame) at time `now`. */
  take(msg: Detect, frame: string, now: number): DetectAnswer {
    for (const [k, v] of this.pending) if (now - v.at > DetectParts.STALE_MS) this.pending.delete(k);
    const prefix = `${frame}\n`;
    const key = prefix + msg.id;
    let entry = this.pending.get(key);
    if (!entry) {
      if (msg.part !== 0)
        return { ok: false, message: `Part ${msg.part + 1} of a reply whose first part never came.` };
      const mine = [...this.pending.keys()].filter((k) => k.startsWith(prefix));
      if (mine.length >= DetectParts.PER_FRAME) this.pending.delete(mine[0]!);
      entry = { parts: [], at: now };
      this.pending.set(key, entry);
    }
    if (msg.part !== entry.parts.length || msg.part >= msg.parts) {
      this.pending.delete(key);
      return { ok: false, message: `Part ${msg.part + 1} of ${msg.parts} came out of order.` };
    }
    entry.parts.push(msg.text);
    entry.at = now;
    if (entry.parts.length < msg.parts) return { ok: true };
    this.pending.delete(key);
    const { text: _text, ...proposal } = proposalFor(entry.parts.join(''), msg.meta);
    return { ok: true, proposal };
  }

  /** How many replies are waiting for parts (for tests). */
  get size(): number {
    return this.pending.size;
  }
}
