/** What to do when no reply has been clicked yet. */
export function HowTo({ onOpenPanel }: { onOpenPanel: () => void }) {
  return (
    <section class="how-to" aria-label="How to use ReplyApply">
      <p>No reply yet. To apply an assistant's changes to your project:</p>
      <ol>
        <li>Open a conversation on ChatGPT.</li>
        <li>
          Under a reply that changes files, click <strong>Apply</strong>.
        </li>
        <li>Choose the project folder, review the diffs, tick what you want and apply. Undo is one click.</li>
      </ol>
      <p>
        Or{' '}
        <button type="button" class="link" onClick={onOpenPanel}>
          paste a reply in the side panel
        </button>
        .
      </p>
    </section>
  );
}
