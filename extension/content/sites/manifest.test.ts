import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ADAPTERS } from './registry';

it('the manifest injects the content script exactly where an adapter reads the page', () => {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../../../manifest.json'), 'utf8'));
  const want = ADAPTERS.flatMap((a) => a.matches).sort();
  expect([...manifest.content_scripts[0].matches].sort()).toEqual(want);
  expect([...manifest.host_permissions].sort()).toEqual(want);
});
