import { Icon } from "#app/components/ui/icon.tsx";
import { formatBytes } from "./format.ts";
import { transferLine } from "./progress.ts";
import type { UploadItem } from "./use-documents.ts";

function statusLine(item: UploadItem): string {
  const status = item.status;
  switch (item.state) {
    case "queued":
      return item.resumeDocumentId ? "Waiting to continue" : "Waiting";
    case "done":
      return "Encrypted and stored";
    case "canceled":
      return "Canceled: nothing was kept";
    case "failed":
      return item.error ?? "The upload failed.";
  }
  if (!status || status.phase === "preparing") return "Encrypting…";
  if (status.phase === "finishing") return "Signing and finishing…";
  if (status.phase === "retrying")
    return `${formatBytes(status.done)} of ${formatBytes(status.total)}. Connection lost, retrying…`;
  return transferLine(status);
}

/** Per-file progress. The bars are native <progress> elements; the summary line is announced politely. */
export function UploadQueue({
  uploads,
  onCancel,
  onRetry,
  onDismiss,
  onClearFinished,
}: {
  uploads: readonly UploadItem[];
  onCancel: (key: number) => void;
  onRetry: (key: number) => void;
  onDismiss: (key: number) => void;
  onClearFinished: () => void;
}) {
  if (uploads.length === 0) return null;
  const active = uploads.filter((u) => u.state === "running" || u.state === "queued").length;
  const failed = uploads.filter((u) => u.state === "failed").length;
  const finished = uploads.filter((u) => u.state === "done").length;
  const summary =
    active > 0
      ? `Uploading ${active} ${active === 1 ? "document" : "documents"}.`
      : failed > 0
        ? `${failed} ${failed === 1 ? "upload" : "uploads"} failed.`
        : "All uploads finished.";
  return (
    <section
      aria-labelledby="uploads-title"
      className="rounded-2xl border border-line bg-surface p-4 shadow-xs sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="uploads-title" className="text-lg font-semibold">
          Uploads
        </h2>
        <p role="status" aria-live="polite" className="text-[0.9375rem] text-ink-muted">
          {summary}
        </p>
      </div>
      {finished > 1 ? (
        <button
          type="button"
          className="btn-secondary mt-3 min-h-10 px-3 py-1.5 text-sm"
          onClick={onClearFinished}
        >
          Clear finished ({finished})
        </button>
      ) : null}
      <ul className="mt-3 divide-y divide-line">
        {uploads.map((item) => {
          const labelId = `upload-${item.key}-name`;
          const lineId = `upload-${item.key}-line`;
          const total = item.status?.total ?? item.file.size;
          const done = item.state === "done" ? total : (item.status?.done ?? 0);
          return (
            <li key={item.key} className="py-3" data-upload-state={item.state}>
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                <div className="min-w-0 flex-1">
                  <p id={labelId} className="font-medium wrap-anywhere">
                    {item.file.name}
                  </p>
                  <p
                    id={lineId}
                    className={`mt-0.5 text-sm ${item.state === "failed" ? "text-danger" : "text-ink-muted"}`}
                    {...(item.state === "failed" ? { role: "alert" } : {})}
                  >
                    {item.state === "done" ? (
                      <Icon name="check-circle" className="mr-1 inline size-4 align-[-3px] text-success" />
                    ) : null}
                    {statusLine(item)}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  {item.state === "running" || item.state === "queued" ? (
                    <button
                      type="button"
                      className="btn-secondary min-h-9 px-3 py-1.5 text-sm"
                      onClick={() => onCancel(item.key)}
                      aria-describedby={labelId}
                    >
                      Cancel
                    </button>
                  ) : null}
                  {item.state === "failed" ? (
                    <button
                      type="button"
                      className="btn-primary min-h-9 px-3 py-1.5 text-sm"
                      onClick={() => onRetry(item.key)}
                      aria-describedby={labelId}
                    >
                      Retry
                    </button>
                  ) : null}
                  {item.state === "done" || item.state === "failed" || item.state === "canceled" ? (
                    <button
                      type="button"
                      className="btn-secondary min-h-9 px-3 py-1.5 text-sm"
                      onClick={() => onDismiss(item.key)}
                      aria-describedby={labelId}
                    >
                      Dismiss
                    </button>
                  ) : null}
                </div>
              </div>
              {item.state === "running" || item.state === "queued" ? (
                <progress
                  aria-labelledby={labelId}
                  aria-describedby={lineId}
                  value={done}
                  max={Math.max(1, total)}
                  className="mt-2 block h-2 w-full overflow-hidden rounded-full bg-line [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-accent"
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
