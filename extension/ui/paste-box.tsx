import { useState } from 'preact/hooks';

/** A reply pasted by hand (any site, or none), reviewed like a clicked one. */
export function PasteBox({ onReview }: { onReview: (text: string) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const readClipboard = async () => {
    try {
      setText(await navigator.clipboard.readText());
      setError(null);
    } catch (e) {
      setError(`The clipboard could not be read: ${(e as Error).message}`);
    }
  };

  return (
    <section class="paste-box" aria-label="Paste a reply">
      <h2>Paste a reply</h2>
      <label for="paste-text">The assistant's reply, as Markdown</label>
      <textarea
        id="paste-text"
        data-replyapply="paste"
        rows={8}
        spellcheck={false}
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <div class="paste-actions">
        <button type="button" onClick={readClipboard}>
          Read clipboard
        </button>{' '}
        <button
          type="button"
          class="primary"
          data-replyapply="paste-review"
          disabled={!text.trim()}
          onClick={() => onReview(text)}
        >
          Review
        </button>
      </div>
      {error && <p class="error">{error}</p>}
    </section>
  );
}
