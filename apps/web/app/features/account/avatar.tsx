// ADR 027: a plain avatar (initials on a colour picked from the user id), not an uploaded picture.

const palettes = [
  "bg-accent-soft text-accent-strong",
  "bg-brass-soft text-brass",
  "bg-success-soft text-success",
  "bg-surface-sunken text-ink",
] as const;

/** Up to two initials of the display name (first and last word), upper-cased; "?" when there is nothing to use. */
export function initialsOf(displayName: string): string {
  const words = displayName
    .trim()
    .split(/[\s@._-]+/)
    .filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? "") : "";
  return (first + last).toUpperCase() || "?";
}

/** The same colour for the same account on every device (a small hash of the user id). */
export function paletteIndex(uid: string): number {
  let hash = 0;
  for (const char of uid) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % palettes.length;
}

export function Avatar({
  uid,
  displayName,
  className = "size-16 text-xl",
}: {
  uid: string;
  displayName: string;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      data-testid="avatar"
      className={`inline-flex shrink-0 items-center justify-center rounded-full border border-line font-semibold ${palettes[paletteIndex(uid)]} ${className}`}
    >
      {initialsOf(displayName)}
    </span>
  );
}
