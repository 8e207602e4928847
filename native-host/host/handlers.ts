/** The methods the host answers; each is a thin wrapper over native-host/fs. */

import { type ParamsOf, PROTOCOL_VERSION } from '../../shared/protocol/protocol';
import { findText } from '../fs/find-text';
import { listDir } from '../fs/list-dir';
import { listTree } from '../fs/list-tree';
import { readSnapshots } from '../fs/snapshots';
import { apply } from '../fs/transaction';
import { history } from '../fs/undo';
import { applyAndCommit } from '../git/apply-commit';
import { gitState } from '../git/git-state';
import { undoCommitted } from '../git/undo-committed';
import { runScript } from './run-script';
import type { Handlers } from './server';
import { VERSION } from './version';

export function createHandlers(): Handlers {
  const handlers: Handlers = {
    hello: async () => ({
      version: VERSION,
      protocol: PROTOCOL_VERSION,
      capabilities: Object.keys(handlers),
    }),
    listDir: async (params) => {
      const p = params as ParamsOf<'listDir'>;
      return listDir(p.path, p.showHidden ?? false);
    },
    readFiles: async (params) => {
      const p = params as ParamsOf<'readFiles'>;
      return { root: p.root, files: await readSnapshots(p.root, p.paths) };
    },
    apply: async (params, ctx) => {
      const p = params as ParamsOf<'apply'>;
      ctx.progress({ stage: 'writing', files: p.changes.length });
      const options = p.label === undefined ? {} : { label: p.label };
      if (p.commit) return applyAndCommit(p.root, p.changes, { ...options, commit: p.commit });
      return apply(p.root, p.changes, options);
    },
    undo: async (params) => {
      const p = params as ParamsOf<'undo'>;
      // A committed apply is reverted with a new commit, or refused when its commit is not HEAD.
      return undoCommitted(p.root, p.applyId, { force: p.force ?? false });
    },
    history: async (params) => {
      const p = params as ParamsOf<'history'>;
      return { root: p.root, entries: await history(p.root, p.limit ?? 50) };
    },
    runScript: async (params, ctx) => {
      const p = params as ParamsOf<'runScript'>;
      let pending = '';
      let timer: ReturnType<typeof setTimeout> | undefined;
      // Output is batched so a chatty command does not flood the port with tiny messages.
      const flush = () => {
        timer = undefined;
        if (pending) ctx.progress({ output: pending });
        pending = '';
      };
      const result = await runScript(p.root, p.command, {
        ...(p.timeoutMs === undefined ? {} : { timeoutMs: p.timeoutMs }),
        onOutput: (chunk) => {
          pending += chunk;
          if (pending.length > 64 * 1024) flush();
          else timer ??= setTimeout(flush, 100);
        },
      });
      if (timer) clearTimeout(timer);
      flush();
      return result;
    },
    findText: async (params) => {
      const p = params as ParamsOf<'findText'>;
      const limits: Parameters<typeof findText>[2] = {};
      if (p.maxFiles !== undefined) limits.maxFiles = p.maxFiles;
      if (p.maxBytes !== undefined) limits.maxBytes = p.maxBytes;
      if (p.timeoutMs !== undefined) limits.timeoutMs = p.timeoutMs;
      return findText(
        p.root,
        p.queries.map((q) => q.needles),
        limits,
      );
    },
    gitState: async (params) => {
      const p = params as ParamsOf<'gitState'>;
      return gitState(p.root, p.paths);
    },
    listTree: async (params) => {
      const p = params as ParamsOf<'listTree'>;
      const limits: Parameters<typeof listTree>[1] = {};
      if (p.maxEntries !== undefined) limits.maxEntries = p.maxEntries;
      if (p.timeoutMs !== undefined) limits.timeoutMs = p.timeoutMs;
      return listTree(p.root, limits);
    },
  };
  return handlers;
}
