import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { fileLogger } from './log';

it('rotates the log by size and keeps a fixed number of old files', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'ra-log-')), 'state');
  const log = fileLogger(dir, 200, 2);
  for (let i = 0; i < 50; i++) log.info(`message number ${i} with some padding`);
  expect(existsSync(join(dir, 'host.log'))).toBe(true);
  expect(existsSync(join(dir, 'host.log.1'))).toBe(true);
  expect(existsSync(join(dir, 'host.log.2'))).toBe(true);
  expect(existsSync(join(dir, 'host.log.3'))).toBe(false);
  expect(statSync(join(dir, 'host.log')).size).toBeLessThan(400);
  expect(readFileSync(join(dir, 'host.log'), 'utf8')).toContain('message number 49');
});

it('never throws when the folder cannot be written', () => {
  // A file where the folder should be: every write fails (ENOTDIR).
  const file = join(mkdtempSync(join(tmpdir(), 'ra-log-')), 'not-a-folder');
  writeFileSync(file, 'x');
  const log = fileLogger(join(file, 'state'));
  expect(() => log.error('still fine')).not.toThrow();
});
