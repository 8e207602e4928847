/**
 * Who may ask for what. Only the extension's own pages may reach the disk; a content script runs inside a
 * hostile page and may only propose a change set for the user to review.
 */
export type SenderKind = 'extension-page' | 'content-script' | 'foreign';

export function senderKind(
  sender: chrome.runtime.MessageSender,
  extensionId: string,
  extensionOrigin: string,
): SenderKind {
  if (sender.id !== extensionId) return 'foreign';
  const url = sender.url ?? '';
  if (
    url.startsWith(extensionOrigin) &&
    (sender.origin === undefined || `${sender.origin}/` === extensionOrigin)
  ) {
    return 'extension-page';
  }
  return sender.tab ? 'content-script' : 'foreign';
}
