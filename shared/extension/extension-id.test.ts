import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { EXTENSION_ID } from './extension-id';

it('EXTENSION_ID is the id Chromium derives from the manifest key', () => {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../../manifest.json'), 'utf8'));
  const der = Buffer.from(manifest.key, 'base64');
  const hex = createHash('sha256').update(der).digest('hex').slice(0, 32);
  const id = [...hex].map((c) => String.fromCharCode(97 + Number.parseInt(c, 16))).join('');
  expect(id).toBe(EXTENSION_ID);
});

it('the repository holds no private key', () => {
  const manifest = readFileSync(join(import.meta.dirname, '../../manifest.json'), 'utf8');
  expect(manifest).not.toMatch(/PRIVATE KEY/);
});
