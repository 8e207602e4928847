import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIREFOX_ADDON_ID } from '../shared/extension/extension-id';
import { FIREFOX_MIN_VERSION, firefoxManifest } from './build-firefox.mjs';

const root = join(import.meta.dirname, '..');
// The source manifest as crxjs turns it into the built one: the service worker is its loader.
const chrome = {
  ...JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')),
  background: { service_worker: 'service-worker-loader.js', type: 'module' },
  web_accessible_resources: [{ resources: ['assets/*.js'], matches: ['https://chatgpt.com/*'] }],
};

describe('the Firefox manifest made from the Chrome one', () => {
  const ff = firefoxManifest(chrome, FIREFOX_ADDON_ID);

  it('runs the background as an event page and shows the review in the sidebar', () => {
    expect(ff.background).toEqual({ scripts: ['service-worker-loader.js'], type: 'module' });
    expect(ff.sidebar_action).toMatchObject({ default_panel: chrome.side_panel.default_path });
    expect(ff.side_panel).toBeUndefined();
    expect(ff.permissions).not.toContain('sidePanel');
    expect(ff.permissions).toEqual(chrome.permissions.filter((p: string) => p !== 'sidePanel'));
  });

  it('names the add-on id the host accepts and the oldest Firefox it needs; no Chrome-only key', () => {
    expect(ff.browser_specific_settings.gecko).toMatchObject({
      id: FIREFOX_ADDON_ID,
      strict_min_version: FIREFOX_MIN_VERSION,
    });
    expect(ff.key).toBeUndefined();
    expect(ff.minimum_chrome_version).toBeUndefined();
  });

  it("loads the self-contained content script on the same sites (crxjs's loader needs web-accessible chunks)", () => {
    expect(ff.content_scripts.map((c) => c.matches)).toEqual(
      chrome.content_scripts.map((c: { matches: string[] }) => c.matches),
    );
    for (const c of ff.content_scripts) expect(c.js).toEqual(['content-standalone.js']);
    expect(ff.web_accessible_resources).toBeUndefined();
  });

  it('keeps everything else: name, version, action, options, host permissions', () => {
    for (const key of ['name', 'version', 'description', 'action', 'options_ui', 'host_permissions'])
      expect(ff[key], key).toEqual(chrome[key]);
  });
});
