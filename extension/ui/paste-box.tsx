import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * A reply pasted by hand (any site, or none), reviewed like a clicked one. `seed` opens it on a reply
 * the review could read only from the rendered page: its text is put in, selected, ready to be pasted
 * over with the chat's own copy.
 */
export function PasteBox({
  onReview,
  seed,
}: {
  onReview: (text: string) => void;
  seed?: { text: string; key: number } | undefined;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!seed) return;
    setText(seed.text);
    const el = area.current;
    if (el) {
      el.value = seed.text;
      el.scrollIntoView?.({ block: 'center' });
      el.focus();
      el.select();
    }
  }, [seed]);

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
      {seed && (
        <p class="muted" data-replyapply="paste-hint">
          This is the reply as read from the page. Copy it with the chat's own Copy button and paste it here
          instead, then Review.
        </p>
      )}
      <textarea
        ref={area}
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
