export const FIREFOX_MIN_VERSION: string;
export const FIREFOX_ANDROID_MIN_VERSION: string;
export interface FirefoxManifest {
  [key: string]: unknown;
  background: { scripts: string[]; type?: string };
  sidebar_action: { default_panel: string; default_title: string; open_at_install: boolean };
  permissions: string[];
  content_scripts: Array<{ matches: string[]; js: string[] }>;
  browser_specific_settings: {
    gecko: { id: string; strict_min_version: string };
    gecko_android: { strict_min_version: string };
  };
}
export function firefoxManifest(chromeManifest: Record<string, unknown>, addonId: string): FirefoxManifest;
