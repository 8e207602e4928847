/**
 * Which adapter reads this page. A site ReplyApply ships an adapter for is known from the URL alone,
 * and wins over a self-hosted origin anyway (`adapterFor`); the user may have switched that site's
 * adapter off (its layout changed and its buttons went away), and then the generic reader reads it.
 * An origin the user added as "another chat" is read with the generic reader too.
 */

import type { ReaderSettings } from '../ui/self-hosted';
import { genericAdapter } from './generic/generic-adapter';
import { adapterFor } from './sites/registry';
import type { SiteAdapter } from './sites/types';

export async function pageAdapter(
  url: string,
  readSettings: () => Promise<ReaderSettings>,
): Promise<SiteAdapter | undefined> {
  const known = adapterFor(url);
  const settings = await readSettings();
  if (known) return settings.adaptersOff.includes(known.id) ? genericAdapter(known) : known;
  return adapterFor(url, settings.selfHosted);
}
