/** Every site adapter, one line each (a new site = one adapter file + saved pages + one line here). */
import { chatgpt } from './chatgpt';
import type { SiteAdapter } from './types';

export const ADAPTERS: readonly SiteAdapter[] = [chatgpt];

/** The adapter for a page URL, by exact host name; undefined on sites we do not read. */
export function adapterFor(url: string | URL): SiteAdapter | undefined {
  let host: string;
  try {
    host = (typeof url === 'string' ? new URL(url) : url).hostname;
  } catch {
    return undefined;
  }
  return ADAPTERS.find((a) => a.hosts.includes(host));
}
