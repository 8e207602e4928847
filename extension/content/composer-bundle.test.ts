// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { insertIntoComposer } from './composer';

/** A bundle longer than the 20,000 characters the format instructions are bound to. */
const bundle = Array.from({ length: 900 }, (_, i) => `line ${i} of src/file.ts: const x${i} = ${i};`).join(
  '\n',
);

describe('a bundle into the message box', () => {
  it('is longer than the instructions bound', () => expect(bundle.length).toBeGreaterThan(20_000));

  it('goes whole into a textarea after the draft', () => {
    document.body.innerHTML = '<textarea id="box"></textarea>';
    const box = document.querySelector<HTMLTextAreaElement>('#box')!;
    box.value = 'my draft';
    const r = insertIntoComposer(document, '#box', bundle, { paste: false });
    expect(r.ok).toBe(true);
    expect(box.value).toBe(`my draft\n\n${bundle}`);
  });

  it('goes whole into a contenteditable, never offered as a paste', () => {
    document.body.innerHTML = '<div id="box" contenteditable="true"><p>my draft</p></div>';
    const box = document.querySelector<HTMLElement>('#box')!;
    let pasted = false;
    box.addEventListener('paste', () => {
      pasted = true;
    });
    const r = insertIntoComposer(document, '#box', bundle, { paste: false });
    expect(r.ok).toBe(true);
    expect(pasted).toBe(false);
    const lines = [...box.querySelectorAll('p')].map((p) => p.textContent);
    expect(lines[0]).toBe('my draft');
    expect(lines.slice(2).join('\n')).toBe(bundle);
  });
});
