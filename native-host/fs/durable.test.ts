import { describe, expect, it } from 'vitest';
import { kernelReportsSyncfsErrors, syncOutcome, trustedSyncVersion } from './durable';

describe('when one file-system sync may stand in for per-file fsyncs', () => {
  it.each([
    ['6.18.44-fc-v669', true],
    ['5.8.0-63-generic', true],
    ['5.10.0-28-amd64', true],
    ['5.7.19', false],
    ['4.18.0-513.el8.x86_64', false],
    ['4.4.0', false],
    ['', false],
  ])('kernel %j reports syncfs write errors: %s', (release, ok) => {
    expect(kernelReportsSyncfsErrors(release)).toBe(ok);
  });

  it.each([
    ['sync (GNU coreutils) 9.1\nCopyright (C) 2022', true],
    ['sync (GNU coreutils) 8.24\n', true],
    ['sync (GNU coreutils) 8.23\n', false],
    ['sync (uutils coreutils) 0.0.30\n', false],
    ['BusyBox v1.36.1 (2023-11-07) multi-call binary.\nUsage: sync [-df] [FILE]...', false],
    ['', false],
  ])('%j is trusted: %s', (text, ok) => {
    expect(trustedSyncVersion(text)).toBe(ok);
  });

  it.each([
    ['exit 0', null, 'done'],
    ['not found', Object.assign(new Error('spawn'), { code: 'ENOENT' }), 'unusable'],
    ['not executable', Object.assign(new Error('spawn'), { code: 'EACCES' }), 'unusable'],
    ['exit 1 (a write error)', Object.assign(new Error('exit'), { code: 1 }), 'failed'],
    ['killed at the timeout', Object.assign(new Error('killed'), { code: null, killed: true }), 'failed'],
  ])('sync -f that ended with %s: %s', (_what, err, outcome) => {
    expect(syncOutcome(err)).toBe(outcome);
  });
});
