/**
 * Which adapter reads this page. A site ReplyApply ships an adapter for is known from the URL alone,
 * and wins over a self-hosted origin anyway (`adapterFor`), so the self-hosted origins the user added
 * are read from storage only on other pages: a chat page's start then waits for no storage round trip.
 */
import type { SelfHosted } from '../ui/self-hosted';
import { adapterFor } from './sites/registry';
import type { SiteAdapter } from './sites/types';

export async function pageAdapter(
  url: string,
  readSelfHosted: () => Promise<SelfHosted>,
): Promise<SiteAdapter | undefined> {
  return adapterFor(url) ?? adapterFor(url, await readSelfHosted());
}
