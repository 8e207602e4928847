// @vitest-environment happy-dom
/** The review's partial apply by choice: a refused file's edits that fit, offered unticked. */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import type { ChangeSet, Op } from '../../shared/changeset/changeset';
import type { Proposal } from '../../shared/protocol/messages';
import type { ParamsOf } from '../../shared/protocol/protocol';
import { FileRow } from './file-row';
import { partialLabel } from './partial-choice';
import { useRenderRoot } from './render-root';
import { applyLabel, buildReview, changesFor, defaultTicks, type HostCall, type Review } from './review';

const ROOT = '/home/ada/site';
const APP = 'const a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\n';

/** Four edits of app.ts; the third looks for a line the file does not have. */
const EDITS: Op = {
  kind: 'search-replace',
  path: 'app.ts',
  line: 3,
  edits: [
    { search: 'const a = 1;\n', replace: 'const a = 10;\n', all: false },
    { search: 'const b = 2;\n', replace: 'const b = 20;\n', all: false },
    { search: 'const e = 5;\n', replace: 'const e = 50;\n', all: false },
    { search: 'const d = 4;\n', replace: 'const d = 40;\n', all: false },
  ],
};
const OTHER: Op = {
  kind: 'search-replace',
  path: 'other.ts',
  line: 20,
  edits: [{ search: 'x\n', replace: 'y\n', all: false }],
};
const PARTLY = 'const a = 10;\nconst b = 20;\nconst c = 3;\nconst d = 40;\n';

function proposal(ops: Op[]): Proposal {
  const set: ChangeSet = { id: 's', source: { format: 'search-replace' }, ops, diagnostics: [] };
  return {
    site: 'chatgpt.com',
    url: 'https://chatgpt.com/c/1',
    replyId: 'r1',
    textSource: 'api',
    changeSets: [set],
    text: '',
  };
}

const host: HostCall = async (method, params) => {
  if (method !== 'readFiles') throw new Error(`unexpected call ${method}`);
  const files: Record<string, string> = { 'app.ts': APP, 'other.ts': 'x\n' };
  return {
    root: ROOT,
    files: (params as ParamsOf<'readFiles'>).paths.map((path) => {
      const text = files[path];
      return text === undefined
        ? { path, exists: false as const }
        : { path, exists: true as const, text, hash: `h:${path}`, size: text.length, mode: 0o644 };
    }),
  } as never;
};

async function review(ops: Op[], progress = false): Promise<Review> {
  const r = await buildReview(proposal(ops), ROOT, host, progress ? { onProgress: () => undefined } : {});
  if (!r.ok) throw new Error(r.message);
  return r.review;
}

describe('the review offers the edits that fit of a refused file', () => {
  for (const progress of [false, true]) {
    it(`as a choice that is off by default, and writes exactly them once ticked (${progress ? 'part by part' : 'in one go'})`, async () => {
      const r = await review([EDITS, OTHER], progress);
      const app = r.files.find((f) => f.path === 'app.ts')!;
      expect(app.status).toBe('error');
      expect(app.partial).toMatchObject({ newText: PARTLY, applied: 3 });
      expect(app.partial!.skipped).toEqual([
        expect.objectContaining({
          line: 3,
          edit: 3,
          kind: 'no-match',
          message: expect.stringContaining('edit 3 of the SEARCH/REPLACE for app.ts'),
        }),
      ]);
      expect(partialLabel(app.partial!)).toBe('Apply the 3 edits that fit, skip 1');

      // Default: all or nothing, as before.
      const ticks = defaultTicks(r);
      expect([...ticks]).toEqual(['other.ts']);
      expect(changesFor(r, ticks)).toEqual([
        { action: 'modify', path: 'other.ts', baseHash: 'h:other.ts', content: 'y\n' },
      ]);

      // Chosen: the partial text, against the hash it was planned on, with the rest.
      const chosen = new Set([...ticks, 'app.ts']);
      expect(changesFor(r, chosen)).toEqual([
        { action: 'modify', path: 'other.ts', baseHash: 'h:other.ts', content: 'y\n' },
        { action: 'modify', path: 'app.ts', baseHash: 'h:app.ts', content: PARTLY },
      ]);
      expect(applyLabel(changesFor(r, chosen).length, 0)).toBe('Apply 2 files');
    });
  }

  it('a file none of whose edits fit offers nothing', async () => {
    const r = await review([{ ...OTHER, path: 'app.ts', line: 3 }]);
    expect(r.files[0]!.status).toBe('error');
    expect(r.files[0]!.partial).toBeUndefined();
    expect(changesFor(r, new Set(['app.ts']))).toEqual([]);
  });
});

let root: HTMLElement;
useRenderRoot((el) => {
  root = el;
});

describe('FileRow with a partial choice', () => {
  it('shows the choice unticked with each skipped edit’s reason; ticked, the partial diff', async () => {
    const r = await review([EDITS]);
    const file = r.files[0]!;
    const ticks: [string, boolean][] = [];
    const draw = (ticked: boolean) =>
      act(() =>
        render(
          <ul>
            <FileRow
              file={file}
              status={file.status}
              ticked={ticked}
              onTick={(path, on) => ticks.push([path, on])}
              split={false}
              locked={false}
            />
          </ul>,
          root,
        ),
      );
    await draw(false);
    const li = root.querySelector('[data-replyapply-file="app.ts"]')!;
    expect(li.querySelector<HTMLInputElement>('input[data-accept]')!.disabled).toBe(true);
    const choice = li.querySelector('[data-replyapply="partial-choice"]')!;
    expect(choice.querySelector('label')!.textContent).toBe(' Apply the 3 edits that fit, skip 1');
    const box = choice.querySelector<HTMLInputElement>('input[data-partial]')!;
    expect(box.checked).toBe(false);
    const skipped = [...choice.querySelectorAll('[data-replyapply="skipped-edit"]')].map(
      (e) => e.textContent,
    );
    expect(skipped).toEqual([
      expect.stringMatching(
        /^Skipped: The search text of edit 3 of the SEARCH\/REPLACE for app\.ts \(reply line 3\) is not in the file\./,
      ),
    ]);
    expect(li.textContent).not.toContain('Nothing can be written for this file.');
    expect(li.querySelector('table.diff')).toBeNull();

    await act(() => box.click());
    expect(ticks).toEqual([['app.ts', true]]);
    await draw(true);
    const diff = root.querySelector('[data-replyapply-file="app.ts"] table.diff')!;
    expect(diff.textContent).toContain('const d = 40;');
    expect(diff.textContent).not.toContain('const e = 50;');
  });
});
