/**
 * The request loop: one frame in → validated → handler → one answer out (with progress and paging
 * messages before it when needed). Stateless between requests; a bad frame gets an error answer and
 * the loop goes on with the next one.
 */
import {
  ErrorCode,
  type HostError,
  METHODS,
  type Method,
  RequestSchema,
} from '../../shared/protocol/protocol';
import { toHostError } from './errors';
import { BROWSER_MAX_MESSAGE, encodeFrame, type FrameProblem } from './framing';
import type { Logger } from './log';

export interface CallContext {
  /** Send a progress message for this request (long applies, script output). */
  progress(data: Record<string, unknown>): void;
}

export type Handler = (params: unknown, ctx: CallContext) => Promise<unknown>;
export type Handlers = { [M in Method]?: Handler };

/** Characters of the answer's JSON per page: even if every char took 6 bytes escaped, a page stays under 1 MiB. */
export const PAGE_CHARS = 150_000;

export class HostServer {
  constructor(
    private readonly handlers: Handlers,
    private readonly write: (frame: Buffer) => void,
    private readonly log: Logger,
  ) {}

  async handle(message: unknown): Promise<void> {
    const parsed = RequestSchema.safeParse(message);
    if (!parsed.success) {
      const id = idOf(message);
      this.log.error(`invalid request: ${parsed.error.message}`);
      this.send({
        id,
        ok: false,
        error: {
          code: ErrorCode.InvalidRequest,
          message: 'Invalid request: expected { id, method, params }.',
        },
      });
      return;
    }
    const { id, method, params } = parsed.data;
    const handler = Object.hasOwn(this.handlers, method) ? this.handlers[method as Method] : undefined;
    if (!handler || !Object.hasOwn(METHODS, method)) {
      this.send({
        id,
        ok: false,
        error: { code: ErrorCode.UnknownMethod, message: `Unknown method "${method}".` },
      });
      return;
    }
    const schema = METHODS[method as Method];
    const checked = schema.params.safeParse(params);
    if (!checked.success) {
      this.send({
        id,
        ok: false,
        error: {
          code: ErrorCode.InvalidParams,
          message: `Invalid params for ${method}: ${explainZod(checked.error)}`,
        },
      });
      return;
    }
    const started = Date.now();
    try {
      const result = await handler(checked.data, { progress: (data) => this.send({ id, progress: data }) });
      this.send({ id, ok: true, result });
      this.log.info(`${method} #${id} ok in ${Date.now() - started} ms`);
    } catch (err) {
      const error: HostError = toHostError(err);
      if (error.code === ErrorCode.Internal)
        this.log.error(`${method} #${id}: ${(err as Error)?.stack ?? err}`);
      else this.log.info(`${method} #${id} failed: ${error.code} ${error.message}`);
      this.send({ id, ok: false, error });
    }
  }

  /**
   * A framing problem: answered with id null so the peer sees it. After a frame over the limit the input
   * is no longer read (framing.ts) and the host exits (main.ts); after the others the loop continues.
   */
  problem(p: FrameProblem): void {
    const message =
      p.kind === 'too-large'
        ? `Refused a message of ${p.length} bytes (the limit is ${p.max}); nothing after it can be read as messages, so the host stops. Reconnect to go on.`
        : p.kind === 'invalid-utf8'
          ? 'A message was not valid UTF-8; it was ignored.'
          : p.kind === 'invalid-json'
            ? `A message was not valid JSON: ${p.message}`
            : `The input ended inside a message (${p.missing} bytes missing).`;
    this.log.error(message);
    if (p.kind === 'truncated') return; // the peer is gone
    const code = p.kind === 'too-large' ? ErrorCode.FrameTooLarge : ErrorCode.InvalidRequest;
    this.send({ id: null, ok: false, error: { code, message } });
  }

  /** Write one message, split into pages when it would exceed the browser's limit. */
  send(message: { id: string | number | null } & Record<string, unknown>): void {
    const frame = encodeFrame(message);
    if (frame.length <= BROWSER_MAX_MESSAGE) {
      this.write(frame);
      return;
    }
    const json = frame.toString('utf8', 4);
    const count = Math.ceil(json.length / PAGE_CHARS);
    for (let index = 0; index < count; index++) {
      const chunk = json.slice(index * PAGE_CHARS, (index + 1) * PAGE_CHARS);
      this.write(encodeFrame({ id: message.id, page: { index, count, chunk } }));
    }
  }
}

function idOf(message: unknown): string | number | null {
  if (message && typeof message === 'object' && 'id' in message) {
    const id = (message as { id: unknown }).id;
    if ((typeof id === 'string' && id.length <= 200) || (typeof id === 'number' && Number.isInteger(id)))
      return id;
  }
  return null;
}

function explainZod(err: {
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>;
}): string {
  return err.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.map(String).join('.') : '(params)'}: ${i.message}`)
    .join('; ');
}
