/** Content script entry: marks the page so the user (and tests) can see ReplyApply is active. */
const marker = document.createElement('div');
marker.setAttribute('data-replyapply', 'marker');
marker.textContent = 'ReplyApply';
marker.style.cssText =
  'position:fixed;bottom:8px;right:8px;z-index:2147483647;font:12px system-ui;padding:2px 6px;border-radius:6px;background:#10a37f;color:#fff;opacity:.85;pointer-events:none';
document.documentElement.append(marker);
