import type { StorageUsage } from "@heirloom/contract";
import { formatBytes } from "./format.ts";

/** Storage used against the plan's quota (GET /api/storage/usage), in words and as a bar. */
export function QuotaBar({ usage }: { usage: StorageUsage | null }) {
  if (!usage) return null;
  const share = usage.bytesUsed / usage.limits.bytes;
  const nearlyFull = share >= 0.9;
  const docs =
    usage.limits.documents === null
      ? `${usage.documents} ${usage.documents === 1 ? "document" : "documents"}`
      : `${usage.documents} of ${usage.limits.documents} documents`;
  return (
    <div className="rounded-xl border border-line bg-surface px-4 py-3">
      <p id="quota-line" className="flex flex-wrap justify-between gap-x-4 text-[0.9375rem]">
        <span>
          <span className="font-medium">{formatBytes(usage.bytesUsed)}</span> of{" "}
          {formatBytes(usage.limits.bytes)} used
        </span>
        <span className="text-ink-muted">{docs}</span>
      </p>
      <progress
        aria-labelledby="quota-line"
        value={Math.min(usage.bytesUsed, usage.limits.bytes)}
        max={usage.limits.bytes}
        className={`mt-2 block h-2 w-full overflow-hidden rounded-full bg-line [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:rounded-full ${
          nearlyFull
            ? "[&::-moz-progress-bar]:bg-danger [&::-webkit-progress-value]:bg-danger"
            : "[&::-moz-progress-bar]:bg-accent [&::-webkit-progress-value]:bg-accent"
        }`}
      />
      {nearlyFull ? (
        <p className="mt-2 text-sm text-danger">
          Your storage is nearly full. Delete documents you no longer need.
        </p>
      ) : null}
    </div>
  );
}
