import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import {
  CHROME_EXTENSION_IDS,
  CHROME_EXTENSION_ORIGINS,
  EXTENSION_ID,
  FIREFOX_ADDON_ID,
  FIREFOX_ADDON_IDS,
} from './extension-id';

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

it('the accepted id lists start with the development ids, hold no duplicate and only well-formed ids', () => {
  expect(CHROME_EXTENSION_IDS[0]).toBe(EXTENSION_ID);
  expect(FIREFOX_ADDON_IDS[0]).toBe(FIREFOX_ADDON_ID);
  expect(new Set(CHROME_EXTENSION_IDS).size).toBe(CHROME_EXTENSION_IDS.length);
  expect(new Set(FIREFOX_ADDON_IDS).size).toBe(FIREFOX_ADDON_IDS.length);
  for (const id of CHROME_EXTENSION_IDS) expect(id).toMatch(/^[a-p]{32}$/);
  // Firefox ids are an email-like name or a {GUID}.
  for (const id of FIREFOX_ADDON_IDS)
    expect(id).toMatch(
      /^(?:[\w.+-]+@[\w.-]+|\{[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\})$/i,
    );
  expect(CHROME_EXTENSION_ORIGINS).toEqual(CHROME_EXTENSION_IDS.map((id) => `chrome-extension://${id}/`));
});
