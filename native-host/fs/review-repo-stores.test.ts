/** Security review: .hg/ and .jj/ run hooks like .git/ does; no path, and no link, may lead into them. */
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/protocol/protocol';
import { resolveInRoot } from './safe-path';

describe('repository stores', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'ra-stores-')));
  mkdirSync(join(root, '.hg'));
  mkdirSync(join(root, '.jj', 'repo'), { recursive: true });
  symlinkSync(join(root, '.hg'), join(root, 'settings'));
  symlinkSync(join(root, '.jj'), join(root, 'jjlink'));

  it.each(['.hg/hgrc', '.HG/hgrc', 'HG~1/hgrc', '.jj/repo/config.toml', 'settings/hgrc', 'jjlink/repo/x'])(
    'refuses %s for writing',
    async (p) => {
      await expect(resolveInRoot(root, p, 'write')).rejects.toMatchObject({ code: ErrorCode.UnsafePath });
    },
  );

  it('still allows an ordinary file named like one (.hgignore)', async () => {
    await expect(resolveInRoot(root, '.hgignore', 'write')).resolves.toBeDefined();
  });
});
