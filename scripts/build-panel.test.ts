import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type PanelOutput, panelPage, panelPreloads, unusedChunks } from './build-panel.mjs';

const out = (statics: string[], dynamics: string[] = []): PanelOutput => ({
  imports: [
    ...statics.map((path) => ({ path, kind: 'import-statement' })),
    ...dynamics.map((path) => ({ path, kind: 'dynamic-import' })),
  ],
});

describe('panelPreloads', () => {
  it("lists the entry's imports, then what its dynamic import loads, each once", () => {
    const outputs: Record<string, PanelOutput> = {
      'main.js': out(['shared.js'], ['start.js']),
      'shared.js': out([]),
      'start.js': out(['review.js', 'shared.js'], ['later.js']),
      'review.js': out(['engine.js']),
      'engine.js': out(['review.js']),
      'later.js': out([]),
      'main.css': out([]),
    };
    expect(panelPreloads(outputs, 'main.js')).toEqual(['shared.js', 'start.js', 'review.js', 'engine.js']);
  });

  it('an entry without a dynamic import preloads nothing more', () => {
    expect(panelPreloads({ 'main.js': out([]) }, 'main.js')).toEqual([]);
  });
});

describe('panelPage', () => {
  const source = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <title>ReplyApply review</title>',
    '  </head>',
    '  <body>',
    '    <div id="app"></div>',
    '    <script type="module" src="./main.tsx"></script>',
    '  </body>',
    '</html>',
  ].join('\n');

  it("puts the built entry, its preloads and every stylesheet in the head, in place of the source's script", () => {
    const page = panelPage(source, {
      entry: '/panel/main-A.js',
      preloads: ['/panel/start-B.js', '/panel/chunk-C.js'],
      styles: ['/panel/main-D.css'],
    });
    const head = page.slice(page.indexOf('<head>'), page.indexOf('</head>'));
    expect(head).toContain('<script type="module" src="/panel/main-A.js"></script>');
    expect(head).toContain('<link rel="modulepreload" href="/panel/start-B.js">');
    expect(head).toContain('<link rel="modulepreload" href="/panel/chunk-C.js">');
    expect(head).toContain('<link rel="stylesheet" href="/panel/main-D.css">');
    expect(page).not.toContain('main.tsx');
    expect(page).toContain('<div id="app"></div>');
  });

  it('refuses a source page that no longer loads main.tsx (the build would ship a page without its code)', () => {
    expect(() =>
      panelPage(source.replace('./main.tsx', './other.tsx'), { entry: '/x.js', preloads: [], styles: [] }),
    ).toThrow(/main\.tsx/);
  });
});

describe('unusedChunks', () => {
  it('names the chunks only the replaced page loaded, and none another page, chunk or the manifest names', () => {
    const dir = mkdtempSync(join(tmpdir(), 'replyapply-unused-'));
    try {
      const files: Record<string, string> = {
        'manifest.json': '{"background":{"service_worker":"sw.js"}}',
        'sw.js': 'import "./assets/engine-1.js";',
        'sidepanel/index.html': '<script src="/assets/panel-1.js"></script><link href="/assets/ui-1.css">',
        'popup/index.html': '<script src="/assets/popup-1.js"></script><link href="/assets/ui-1.css">',
        'assets/panel-1.js': 'import "./start-1.js"; import "./preact-1.js";',
        'assets/start-1.js': 'import "./engine-1.js"; import("./later-1.js");',
        'assets/later-1.js': 'import "./only-later-1.js";',
        'assets/only-later-1.js': '',
        'assets/popup-1.js': 'import "./preact-1.js";',
        'assets/preact-1.js': '',
        'assets/engine-1.js': '',
        'assets/ui-1.css': '',
        'assets/start-1.js.map': '{}',
        // The panel's own bundle, looked at only when not kept.
        'panel/main-1.js': '',
      };
      for (const [f, text] of Object.entries(files)) {
        mkdirSync(join(dir, f, '..'), { recursive: true });
        writeFileSync(join(dir, f), text);
      }
      expect(unusedChunks(dir, 'sidepanel/index.html', ['panel'])).toEqual([
        'assets/later-1.js',
        'assets/only-later-1.js',
        'assets/panel-1.js',
        'assets/start-1.js',
      ]);
      // The page written by build-panel names only its own bundle: built again, nothing goes.
      writeFileSync(join(dir, 'sidepanel/index.html'), '<script src="/panel/main-1.js"></script>');
      expect(unusedChunks(dir, 'sidepanel/index.html', ['panel'])).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
