/**
 * Reading one project file exactly as it is on disk, and the rules that decide whether it can be shown as
 * text. Shared by readFiles (snapshots) and by apply/undo (hash checks), so both see the same bytes.
 */
import { isAscii, isUtf8 } from 'node:buffer';
import * as crypto from 'node:crypto';
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** `O_NOFOLLOW` where the platform has it: a link swapped in after the path check is not followed. */
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

export const BINARY_SNIFF_BYTES = 8192;

export function sha256(data: Uint8Array): string {
  return oneShot ? oneShot('sha256', data, 'hex') : createHash('sha256').update(data).digest('hex');
}

/**
 * `crypto.hash` (Node 20.12 and later): the same digest without a Hash object per call. An apply of ten
 * thousand files hashes thirty thousand buffers (the plan's read, the check before writing, the journal).
 */
const oneShot = (crypto as { hash?: (algorithm: string, data: Uint8Array, encoding: 'hex') => string }).hash;

export interface FileBytes {
  data: Buffer;
  hash: string;
  size: number;
  /** Permission bits (`mode & 0o7777`). */
  mode: number;
}

export type ReadOutcome =
  | { kind: 'file'; file: FileBytes }
  | { kind: 'missing' }
  | { kind: 'not-a-file' }
  | { kind: 'too-large'; size: number };

/**
 * Read a file whose real path was checked; never follows a link at the last segment, never opens a FIFO.
 * Synchronous calls: one file is four system calls of a few microseconds, while the
 * promise API costs a thread-pool round trip and a FileHandle per call (ten thousand files took ten
 * times longer that way).
 */
export function readExactSync(
  abs: string,
  maxBytes = Number.POSITIVE_INFINITY,
  scratch?: Scratch,
  /** False: `hash` is '' (a caller that writes nothing has no use for it). */
  hash = true,
): ReadOutcome {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO someone placed there must not hang the host; it is refused below.
    fd = openSync(abs, constants.O_RDONLY | NOFOLLOW | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'missing' };
    if (code === 'ELOOP' || code === 'EISDIR' || code === 'ENXIO') return { kind: 'not-a-file' };
    throw err;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { kind: 'not-a-file' };
    if (st.size > maxBytes) return { kind: 'too-large', size: st.size };
    const data = readToEnd(fd, st.size, maxBytes, scratch);
    if (data.length > maxBytes) return { kind: 'too-large', size: data.length };
    return {
      kind: 'file',
      file: { data, hash: hash ? sha256(data) : '', size: data.length, mode: st.mode & 0o7777 },
    };
  } finally {
    closeSync(fd);
  }
}

/**
 * A buffer reused from one `readExactSync` to the next by a caller that does not keep the bytes (the
 * snapshots decode them to text at once): ten thousand files are then not ten thousand buffers outside
 * the JavaScript heap, whose growth makes the garbage collector run. The returned `data` is a view into
 * `buf`, valid until the next read with the same scratch.
 */
export interface Scratch {
  buf: Buffer;
}

/**
 * The largest buffer a scratch keeps. A larger file or text gets a buffer of its own, freed with it: the
 * host lives as long as the browser, and must not hold the largest file it ever saw.
 */
export const SCRATCH_KEEP = 1 << 20;

/**
 * What a write puts in a file: bytes as they are, or a text, written as UTF-8. A text is encoded only when
 * it is hashed or written (`bytesOf`), into a buffer reused from one file to the next: ten thousand new
 * texts kept as bytes until the write were 64 MiB of fresh memory beside the texts themselves (issue 28).
 */
export type Content = Uint8Array | string;

/**
 * `data`'s bytes: itself, or a text's UTF-8 in `scratch` (a lone surrogate becomes U+FFFD, as in every
 * Node write of a string). A view into `scratch.buf`, valid until its next use: take the bytes before
 * anything else can use the same scratch (no `await` in between).
 */
export function bytesOf(data: Content, scratch: Scratch): Uint8Array {
  if (typeof data !== 'string') return data;
  const size = Buffer.byteLength(data, 'utf8');
  if (size > SCRATCH_KEEP) return Buffer.from(data, 'utf8');
  if (scratch.buf.length < size)
    scratch.buf = Buffer.allocUnsafeSlow(Math.min(SCRATCH_KEEP, Math.max(size, 2 * scratch.buf.length)));
  return scratch.buf.subarray(0, scratch.buf.write(data, 0, size, 'utf8'));
}

const hashScratch: Scratch = { buf: Buffer.alloc(0) };

/** The sha256 of `data`'s bytes: of exactly what writing it puts in the file. */
export function contentHash(data: Content): string {
  return sha256(bytesOf(data, hashScratch));
}

/**
 * Every byte up to the end of the regular file `fd`, which may have grown since `fstat` said `size`.
 * Each read asks for more than is left (room for `size + 1` at least). Once `size` bytes are in, a read
 * that returns fewer bytes than asked is the file's end: a file that kept its size is one read, not a
 * second one that returns nothing (ten thousand system calls fewer for a 10,000-file plan; issue 28).
 * Before `size`, a short read is not trusted to be the end (a network or FUSE file system may return
 * less); a full read past it means the file grew, and it is read on to its end.
 */
function readToEnd(fd: number, size: number, maxBytes: number, scratch?: Scratch): Buffer {
  let buf = scratch && scratch.buf.length >= size + 1 ? scratch.buf : Buffer.allocUnsafe(size + 1);
  let length = 0;
  for (;;) {
    if (length === buf.length) {
      // Past the stated size: grow, but stop just over the limit (the caller reports too-large).
      if (length > maxBytes) break;
      const bigger = Buffer.allocUnsafe(Math.max(length * 2, 8192));
      buf.copy(bigger, 0, 0, length);
      buf = bigger;
    }
    const want = buf.length - length;
    const n = readSync(fd, buf, length, want, null);
    if (n === 0) break;
    length += n;
    if (n < want && length >= size) break;
  }
  if (scratch && buf.length > scratch.buf.length && buf.length <= SCRATCH_KEEP) scratch.buf = buf;
  return buf.subarray(0, length);
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The exact text of a file, or why it is not text. `ignoreBOM` keeps a BOM as U+FEFF, so writing the text
 * back reproduces the same bytes.
 */
export function decodeText(data: Uint8Array): { ok: true; text: string } | { ok: false; reason: string } {
  const head = data.subarray(0, BINARY_SNIFF_BYTES);
  if (head.includes(0)) return { ok: false, reason: 'it contains a NUL byte, so it looks binary' };
  // Most source files are ASCII: checked and decoded without the strict decoder's bookkeeping.
  if (isAscii(data))
    return { ok: true, text: Buffer.from(data.buffer, data.byteOffset, data.length).toString('latin1') };
  try {
    return { ok: true, text: STRICT_UTF8.decode(data) };
  } catch {
    return { ok: false, reason: 'it is not valid UTF-8 text' };
  }
}

/**
 * Whether the first bytes of a file say it is text, as `decodeText` would decide for the whole file: no
 * NUL, and UTF-8 (a character cut at the end of `head`, when the file goes on, is not held against it).
 * What the tree of the project shows as a file to put into the chat; the read itself decides again.
 */
export function looksText(head: Uint8Array, wholeFile: boolean): boolean {
  if (head.includes(0)) return false;
  if (isUtf8(head)) return true;
  if (wholeFile) return false;
  // Back off over continuation bytes (10xxxxxx) to the lead byte of the last character, and drop it.
  let end = head.length;
  for (let i = 0; i < 3 && end > 0 && (head[end - 1]! & 0xc0) === 0x80; i++) end--;
  if (end > 0 && head[end - 1]! >= 0xc0) end--;
  return end < head.length && isUtf8(head.subarray(0, end));
}
