import type { StatusTone } from "./contact-status.ts";

const tones: Record<StatusTone, string> = {
  info: "border-accent/40 bg-accent-soft text-ink",
  success: "border-success/40 bg-success-soft text-ink",
  warning: "border-brass/50 bg-brass-soft text-ink",
  neutral: "border-line-strong bg-surface-sunken text-ink",
  ended: "border-line bg-surface-sunken text-ink-muted",
};

/** A contact's state in a few words; the colour only repeats what the words say. */
export function StatusBadge({ label, tone }: { label: string; tone: StatusTone }) {
  return (
    <span
      data-testid="contact-status"
      className={`inline-flex items-center rounded-full border px-3 py-1 text-sm font-medium ${tones[tone]}`}
    >
      {label}
    </span>
  );
}
