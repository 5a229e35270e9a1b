import type { TextPurpose } from "./verify-shared.ts";

/**
 * The owner's own words, first and apart from everything else: plain text with its line breaks kept, rendered as
 * text (never as HTML), in a readable measure.
 */
export function OwnerLetter({
  text,
  purpose,
  ownerName,
}: {
  text: string;
  purpose: TextPurpose;
  ownerName: string;
}) {
  const title = purpose === "drill" ? "The test message" : `A letter from ${ownerName}`;
  return (
    <section
      aria-labelledby="owner-letter-title"
      className="rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-7"
    >
      <h2 id="owner-letter-title" className="text-xl font-semibold wrap-anywhere">
        {title}
      </h2>
      <figure className="mt-4">
        <blockquote
          className="max-w-prose border-l-4 border-accent pl-4 font-display text-lg leading-relaxed whitespace-pre-wrap wrap-anywhere sm:pl-6"
          data-testid="owner-letter"
        >
          {text}
        </blockquote>
        <figcaption className="mt-3 text-sm text-ink-muted wrap-anywhere">
          {purpose === "drill" ? `Written by ${ownerName} for this drill.` : `In ${ownerName}'s own words.`}
        </figcaption>
      </figure>
    </section>
  );
}
