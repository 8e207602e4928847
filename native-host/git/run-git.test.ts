import { describe, expect, it } from 'vitest';
import { CommitRequestSchema } from '../../shared/protocol/git';
import { runGit } from './run-git';

describe('runGit', () => {
  it('an argument git cannot be given (a NUL in it) is a failure value, not a throw', async () => {
    const r = await runGit(process.cwd(), ['var', 'GIT_AUTHOR\0IDENT']);
    expect(r).toMatchObject({ ok: false, kind: 'failed' });
    expect(r.ok === false && r.message).toContain('could not be started');
  });

  it('the protocol refuses a commit message with a NUL in it', () => {
    expect(CommitRequestSchema.safeParse({ message: 'a\0b', paths: ['x'] }).success).toBe(false);
    expect(CommitRequestSchema.safeParse({ message: 'a b', paths: ['x'] }).success).toBe(true);
  });
});
