// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureViaDownload, installDownloadCapture } from './download-capture';

/**
 * The page's side as sites save a file a script made (FileSaver, Claude's artifact Download): a Blob, a
 * URL for it, an `<a download>` clicked — here through each of the ways a script clicks one.
 */
function downloadButton(name: string, text: string, how: 'click' | 'dispatch' | 'in-document') {
  const button = document.createElement('button');
  button.textContent = 'Download';
  button.addEventListener('click', () => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    a.download = name;
    if (how === 'click') a.click();
    else if (how === 'dispatch') a.dispatchEvent(new MouseEvent('click'));
    else {
      document.body.append(a);
      a.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      a.remove();
    }
  });
  document.body.append(button);
  return button;
}

describe('captureViaDownload: a file the page saves, taken instead of saved', () => {
  beforeAll(() => installDownloadCapture());
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  for (const how of ['click', 'dispatch', 'in-document'] as const) {
    it(`takes the file's name and exact text, and saves nothing (${how})`, async () => {
      const text = 'import os\n\nprint("⚾ 😀")\n';
      const saved = vi.spyOn(HTMLElement.prototype, 'click');
      const button = downloadButton('mlb_bot.py', text, how);
      const got = await captureViaDownload(button);
      expect(got).toEqual({ ok: true, name: 'mlb_bot.py', text });
      // Only the Download button itself was clicked: the anchor's click never ran.
      expect(saved.mock.contexts.filter((c) => c instanceof HTMLAnchorElement)).toEqual([]);
    });
  }

  it('is disarmed afterwards: a later download is the page’s own', async () => {
    await captureViaDownload(downloadButton('a.txt', 'a', 'click'));
    const original = vi.fn();
    const a = document.createElement('a');
    a.download = 'later.txt';
    a.href = 'data:text/plain,x';
    a.addEventListener('click', original);
    a.click();
    expect(original).toHaveBeenCalledTimes(1);
  });

  it('says so when the button saves nothing in time', async () => {
    const button = document.createElement('button');
    expect(await captureViaDownload(button, undefined, 50)).toMatchObject({ ok: false, kind: 'timeout' });
  });

  it('refuses a file on another site rather than fetch or save it', async () => {
    const button = document.createElement('button');
    button.addEventListener('click', () => {
      const a = document.createElement('a');
      a.href = 'https://elsewhere.example/file.py';
      a.download = 'file.py';
      a.click();
    });
    expect(await captureViaDownload(button)).toMatchObject({ ok: false, kind: 'refused' });
  });
});

describe('captureViaDownload without the page half', () => {
  it('never clicks', async () => {
    // A document of its own, where nothing answers the arming.
    const doc = document.implementation.createHTMLDocument('x');
    const button = doc.createElement('button');
    const clicked = vi.fn();
    button.addEventListener('click', clicked);
    expect(await captureViaDownload(button)).toMatchObject({ ok: false, kind: 'not-installed' });
    expect(clicked).not.toHaveBeenCalled();
  });
});
