// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { displayHunks } from '../../shared/engine';
import { FileRow } from './file-row';
import { useRenderRoot } from './render-root';
import type { ReviewFile } from './review';

let root: HTMLElement;
useRenderRoot((el) => {
  root = el;
});

const OLD = "import logger from './logger.js';\n";
const NEW = "import logger from '../log.js';\n";
const found = (extra: Partial<ReviewFile> = {}): ReviewFile => ({
  path: 'utils/errors.js',
  action: 'modify',
  baseHash: 'h',
  oldText: OLD,
  newText: NEW,
  hunks: displayHunks(OLD, NEW),
  status: 'ok',
  notes: [
    {
      severity: 'warning',
      line: 4,
      message:
        'The reply names no file for the SEARCH/REPLACE block at reply line 4; utils/errors.js is the one file of the folder that holds its search text. That is a guess: check it.',
    },
  ],
  lines: [4],
  guess: true,
  byContent: true,
  ...extra,
});

async function row(file: ReviewFile, ticked = false): Promise<{ ticks: [string, boolean][] }> {
  const ticks: [string, boolean][] = [];
  await act(() =>
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
  return { ticks };
}

describe('FileRow: a file found by its content', () => {
  it('says so, with the plan’s reason, and is unticked until the user ticks it', async () => {
    const { ticks } = await row(found());
    const li = root.querySelector('[data-replyapply-file="utils/errors.js"]')!;
    const box = li.querySelector<HTMLInputElement>('input[data-accept]')!;
    expect(box.checked).toBe(false);
    expect(box.disabled).toBe(false);
    expect(li.querySelector('[data-replyapply="found-by-content"]')!.textContent).toBe(
      'Found by its content: the reply names no file for it. Nothing is written to it until you tick it: tick it only if it is the right file.',
    );
    expect(li.textContent).toContain('is the one file of the folder that holds its search text');
    expect(li.textContent).not.toContain('The file name is a guess');
    await act(() => box.click());
    expect(ticks).toEqual([['utils/errors.js', true]]);
  });

  it('names the file the reply wrote, which does not exist, once', async () => {
    await row(found({ writtenAs: 'src/shared/errors.js' }));
    const li = root.querySelector('[data-replyapply-file="utils/errors.js"]')!;
    expect(li.querySelector('[data-replyapply="found-by-content"]')!.textContent).toMatch(
      /^Found by its content: the reply names src\/shared\/errors\.js, which does not exist\./,
    );
    expect(li.textContent).not.toContain('The reply wrote');
  });
});

describe('FileRow: a file the reply named in another letter case', () => {
  const OLD_README = '# Title\n\nOld text.\n';
  const NEW_README = '# Title\n\nNew text.\n';
  const matched = (extra: Partial<ReviewFile> = {}): ReviewFile => ({
    path: 'readme.md',
    action: 'modify',
    baseHash: 'h',
    oldText: OLD_README,
    newText: NEW_README,
    hunks: displayHunks(OLD_README, NEW_README),
    status: 'ok',
    notes: [
      {
        severity: 'warning',
        line: 2,
        message:
          'The reply names README.md (reply line 2); readme.md is the file of the project with that name in another case. That is a guess: check it.',
      },
    ],
    lines: [2],
    guess: true,
    byCase: true,
    writtenAs: 'README.md',
    ...extra,
  });

  it('says the name was matched in another case, with both names, and is unticked until ticked', async () => {
    const { ticks } = await row(matched());
    const li = root.querySelector('[data-replyapply-file="readme.md"]')!;
    const box = li.querySelector<HTMLInputElement>('input[data-accept]')!;
    expect(box.checked).toBe(false);
    expect(box.disabled).toBe(false);
    expect(li.querySelector('[data-replyapply="matched-in-case"]')!.textContent).toBe(
      "Matched in another case: the reply names README.md, which does not exist; readme.md is the project's file with that name in another case. Nothing is written to it until you tick it: tick it only if it is the right file.",
    );
    expect(li.textContent).toContain('readme.md is the file of the project with that name in another case');
    // Said once, by the row's own words: not the generic guess nor "The reply wrote".
    expect(li.textContent).not.toContain('The file name is a guess');
    expect(li.textContent).not.toContain('The reply wrote');
    await act(() => box.click());
    expect(ticks).toEqual([['readme.md', true]]);
  });

  it('names the file it moves for a rename whose source was matched in another case', async () => {
    await row(matched({ action: 'rename', from: 'readme.md', path: 'docs/readme.md' }));
    const li = root.querySelector('[data-replyapply-file="docs/readme.md"]')!;
    expect(li.querySelector('[data-replyapply="matched-in-case"]')!.textContent).toMatch(
      /^Matched in another case: the reply names README\.md, which does not exist; readme\.md is the project's file/,
    );
  });
});
