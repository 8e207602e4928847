/**
 * An expected failure of the file layer (and of the host methods over it): a protocol error code, a message
 * in plain words and the path it concerns. host/errors.ts turns it into an error answer; the CLI prints it.
 */
export class HostFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly path?: string,
  ) {
    super(message);
    this.name = 'HostFailure';
  }
}
