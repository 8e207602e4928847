/**
 * The review's reads, started by the click that opens it. The side panel takes longer to load than the
 * host takes to read the files, so the background reads them while the panel loads — the same calls the
 * review makes (readForPlan) — and answers the panel's identical readFiles call with what was read.
 *
 * An answer is given once, for the same folder and the same paths, and only within a few seconds of the
 * read: the review then shows the files as they were at the click, not at the panel's first frame, and
 * the host checks every file's hash again before it writes anything (a file changed since → Conflict).
 */
import type { Proposal } from '../../shared/protocol/messages';
import type { ParamsOf, ResultOf } from '../../shared/protocol/protocol';
import { readKey } from '../ui/early-read';
import { type HostCall, readForPlan, reviewChangeSet } from '../ui/review';

/** How long a read made ahead may still answer the panel. */
export const READ_AHEAD_MS = 5_000;

type Answer = Promise<ResultOf<'readFiles'>>;

interface Entry {
  root: string;
  paths: readonly string[];
  /** The paths asked for, sorted: the panel asks for the same ones, in whatever order. */
  key: string;
  at: number;
  answer: Answer;
  /** The first read of its `start`: the one the loading panel asks for whole (`takeFirst`). */
  first: boolean;
}

/** A read made ahead, with what it asked: the panel matches its own first read against it. */
export interface ReadAheadAnswer {
  root: string;
  paths: readonly string[];
  answer: Answer;
}

export class ReadAhead {
  private entries: Entry[] = [];

  constructor(
    private readonly call: HostCall,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reads what the review of `proposal` in `root` will read, keeping each answer for the panel. */
  start(proposal: Proposal, root: string): void {
    let first = true;
    const ahead: HostCall = (method, params) => {
      const answer = this.call(method, params);
      if (method === 'readFiles') {
        const p = params as ParamsOf<'readFiles'>;
        // A failed read is not kept: the panel asks the host itself and gets the host's own answer.
        const entry: Entry = {
          root: p.root,
          paths: p.paths,
          key: readKey(p.paths),
          at: this.now(),
          answer: answer as Answer,
          first,
        };
        first = false;
        this.entries.push(entry);
        answer.catch(() => this.drop(entry));
      }
      return answer;
    };
    void readForPlan(reviewChangeSet(proposal, root), root, ahead).catch(() => undefined);
    // Answers nobody asked for (the panel did not open) are not kept: they hold the files' text.
    setTimeout(() => this.prune(), READ_AHEAD_MS + 1);
  }

  /** The answer read ahead for exactly these `readFiles` params, once; undefined when there is none. */
  take(params: unknown): Answer | undefined {
    this.prune();
    const p = params as Partial<ParamsOf<'readFiles'>> | null;
    if (typeof p?.root !== 'string' || !Array.isArray(p.paths)) return undefined;
    const key = readKey(p.paths);
    const entry = this.entries.find((e) => e.root === p.root && e.key === key);
    if (!entry) return undefined;
    this.drop(entry);
    return entry.answer;
  }

  /**
   * The first read of the newest start, with its folder and paths, once: the side panel asks for it as
   * soon as it loads, before its own code could work out what to read, and answers its first `readFiles`
   * with it when that asks for the same folder and paths (ui/early-read.ts). Undefined when there is none.
   */
  takeFirst(): ReadAheadAnswer | undefined {
    this.prune();
    const entry = this.entries.findLast((e) => e.first);
    if (!entry) return undefined;
    this.drop(entry);
    return { root: entry.root, paths: entry.paths, answer: entry.answer };
  }

  private prune(): void {
    const now = this.now();
    this.entries = this.entries.filter((e) => now - e.at <= READ_AHEAD_MS);
  }

  private drop(entry: Entry): void {
    this.entries = this.entries.filter((e) => e !== entry);
  }
}
