/**
 * Between the frame reader and the server. A browser's first message is a hello, and loading the server
 * (the protocol's zod schemas, the handlers and the file code behind them) is most of a cold start: so a
 * plain hello (hello.ts) is answered before any of that is loaded, and the server is loaded on the first
 * message of any other kind, the first framing problem, or a call to load(). Answers keep their order:
 * once the server is loading, every message and problem waits for it, in the order they came.
 */
import { encodeFrame, type FrameProblem } from './framing';
import { helloResult, plainHelloId } from './hello';
import type { Logger } from './log';

/** What the dispatcher needs of a HostServer. */
export interface Server {
  handle(message: unknown): Promise<void>;
  problem(problem: FrameProblem): void;
}

type Waiting = { message: unknown } | { problem: FrameProblem };

export class Dispatcher {
  private server: Server | undefined;
  private loading = false;
  /** What came in while the server was loading, in order. */
  private waiting: Waiting[] = [];

  constructor(
    private readonly loadServer: () => Promise<Server>,
    private readonly write: (frame: Buffer) => void,
    private readonly log: Logger,
  ) {}

  message(message: unknown): void {
    if (this.server) {
      void this.server.handle(message);
      return;
    }
    const id = this.loading ? undefined : plainHelloId(message);
    if (id === undefined) {
      this.wait({ message });
      return;
    }
    const started = Date.now();
    this.write(encodeFrame({ id, ok: true, result: helloResult() }));
    this.log.info(`hello #${id} ok in ${Date.now() - started} ms`);
  }

  problem(problem: FrameProblem): void {
    if (this.server) this.server.problem(problem);
    else this.wait({ problem });
  }

  /** Start loading the server now, if it is not loaded or loading yet. */
  load(): void {
    if (this.server || this.loading) return;
    this.loading = true;
    void this.loadServer().then((server) => {
      this.server = server;
      const waiting = this.waiting;
      this.waiting = [];
      for (const w of waiting) {
        if ('message' in w) void server.handle(w.message);
        else server.problem(w.problem);
      }
    });
  }

  private wait(item: Waiting): void {
    this.waiting.push(item);
    this.load();
  }
}
