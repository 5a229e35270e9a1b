/**
 * The six words of a public key, large and numbered, in reading order: what two people read to each other to check
 * that the key is the right person's (ADR 015). A real <ol>, so a screen reader says "1 of 6".
 */
export function FingerprintWords({ words, label }: { words: readonly string[]; label: string }) {
  // The same word can appear twice in a phrase: its position is what identifies it.
  const numbered = words.map((word, i) => ({ word, position: i + 1 }));
  // Columns follow the space the list has (a dialog, a card), not the window: a word is never broken.
  return (
    <div className="@container">
      <ol
        aria-label={label}
        data-testid="fingerprint-words"
        className="grid grid-cols-1 gap-2 @sm:grid-cols-2 @xl:grid-cols-3"
      >
        {numbered.map(({ word, position }) => (
          <li
            key={position}
            className="flex items-baseline gap-3 rounded-xl border border-line-strong bg-surface-sunken px-4 py-3"
          >
            <span aria-hidden="true" className="w-5 shrink-0 text-right text-sm font-semibold text-ink-muted">
              {position}
            </span>
            <span
              className="min-w-0 font-mono text-2xl font-semibold tracking-wide break-words text-ink"
              lang="en"
              data-testid="fingerprint-word"
            >
              {word}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
