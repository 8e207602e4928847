import { useEffect, useState } from 'preact/hooks';
import { siteName } from '../ui/labels';

interface Notice {
  site: string;
  url: string;
  message: string;
}

/** One quiet line when the site in this tab no longer looks the way its adapter expects. */
export function SiteNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    void (async () => {
      const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
      if (tab?.id === undefined) return;
      const { notices } = (await chrome.storage.session.get('notices')) as {
        notices?: Record<string, Notice>;
      };
      const n = notices?.[String(tab.id)];
      if (n && n.url === tab.url) setNotice(n);
    })().catch(() => undefined);
  }, []);
  if (!notice) return null;
  return (
    <p class="muted" role="note" data-replyapply="site-notice">
      ReplyApply found no replies on this {siteName(notice.site)} page: {notice.message} You can still paste a
      reply in the side panel.
    </p>
  );
}
