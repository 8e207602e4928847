export interface ZipEntry {
  name: string;
  data: Buffer;
}
/** `native`: use zlib.crc32 (default: when Node has it); false: the table. */
export function crc32(buf: Uint8Array, native?: boolean): number;
export function zip(entries: readonly ZipEntry[]): Buffer;
export function filesOf(dir: string): ZipEntry[];
export function chromeZip(dir: string, version: string, opts?: { keepKey?: boolean }): Buffer;
export function firefoxZip(dir: string, version: string): Buffer;
export function npmEnv(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function npm(
  args: string[],
  opts?: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number },
): string;
export function packNpm(
  dest: string,
  opts?: { cwd?: string; env?: NodeJS.ProcessEnv; ignoreScripts?: boolean },
): { tarball: string; files: string[] };
export function packageRelease(opts?: {
  out?: string;
  chromeDir?: string;
  firefoxDir?: string;
  npmPack?: boolean;
}): string[];
