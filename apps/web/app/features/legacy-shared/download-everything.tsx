import { isCryptoError } from "@heirloom/crypto";
import { useEffect, useRef, useState } from "react";
import { Notice } from "#app/components/ui/notice.tsx";
import {
  BLOB_SAVE_LIMIT,
  canStreamToDisk,
  DocumentIntegrityError,
  TooLargeForBrowserError,
} from "#app/features/documents/download.ts";
import { formatBytes, transferLine } from "#app/features/documents/progress.ts";
import { describeStorageError, isStorageError } from "#app/features/documents/storage-error.ts";
import { planSharedZip, type SharedZipInput, type SharedZipStatus, saveSharedZip } from "./shared-zip.ts";

type State =
  | { kind: "idle" }
  | { kind: "running"; status: SharedZipStatus | null }
  | { kind: "done"; fileName: string; documents: number; bytes: number }
  | { kind: "failed"; title: string; message: string };

/** "Download everything": the letter and every verified document in one ZIP, with progress and cancel. */
export function DownloadEverything({ input }: { input: SharedZipInput }) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const controller = useRef<AbortController | null>(null);
  const plan = planSharedZip(input);
  const owner = input.ownerName || "the owner";

  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    let current: SharedZipStatus | null = null;
    setState({ kind: "running", status: null });
    try {
      const result = await saveSharedZip(input, {
        signal: abort.signal,
        onStatus: (status) => {
          current = status;
          setState({ kind: "running", status });
        },
      });
      setState(result ? { kind: "done", ...result } : { kind: "idle" });
    } catch (error) {
      const name = (current as SharedZipStatus | null)?.name;
      if (abort.signal.aborted || (isStorageError(error) && error.code === "storage/canceled")) {
        setState({ kind: "failed", title: "Download canceled", message: "No file was kept." });
      } else if (error instanceof DocumentIntegrityError || isCryptoError(error)) {
        setState({
          kind: "failed",
          title: "The download was stopped",
          message: `“${name ?? "A document"}” does not match what ${owner} stored: it may have been altered. No file was kept. Download the other documents one at a time from the list.`,
        });
      } else if (error instanceof TooLargeForBrowserError) {
        setState({
          kind: "failed",
          title: "Too large for this browser",
          message: `This browser can save up to ${formatBytes(BLOB_SAVE_LIMIT)} at a time, and these documents take ${formatBytes(plan.bytes)}. Open Heirloom in Chrome or Edge on a computer, or download the documents one at a time.`,
        });
      } else {
        setState({
          kind: "failed",
          title: "The download did not finish",
          message: `${describeStorageError(error)} No file was kept.`,
        });
      }
    } finally {
      controller.current = null;
    }
  };

  const running = state.kind === "running";
  const status = running ? state.status : null;
  const count = input.documents.length;
  const what = [
    count ? `${count} ${count === 1 ? "document" : "documents"} (${formatBytes(plan.bytes)})` : null,
    input.text ? (input.text.purpose === "drill" ? "the test message" : "the letter") : null,
  ]
    .filter(Boolean)
    .join(" and ");
  return (
    <div className="rounded-2xl border border-line bg-surface-sunken p-5">
      <p id="download-all-summary" className="text-[0.9375rem]">
        One ZIP with {what}, decrypted and checked in this browser.
        {canStreamToDisk()
          ? " It is written to the file you choose as it is decrypted."
          : ` This browser saves up to ${formatBytes(BLOB_SAVE_LIMIT)} at a time.`}{" "}
        Unlike here, the ZIP is not encrypted: keep it somewhere safe.
      </p>
      {/* One button that turns into Cancel while the ZIP is written, so focus stays where it was. */}
      <button
        type="button"
        className={running ? "btn-secondary mt-4" : "btn-primary mt-4"}
        aria-describedby="download-all-summary"
        onClick={() => (running ? controller.current?.abort() : void start())}
      >
        {running ? "Cancel download" : "Download everything (ZIP)"}
      </button>
      {running ? (
        <div className="mt-4">
          <p id="download-all-stage" className="font-medium wrap-anywhere">
            {status
              ? `Document ${status.position} of ${status.count}: ${status.name}`
              : "Starting the download…"}
          </p>
          <progress
            aria-labelledby="download-all-stage"
            aria-describedby="download-all-line"
            value={status?.done ?? 0}
            max={Math.max(1, status?.total ?? plan.bytes)}
            className="mt-2 block h-2 w-full overflow-hidden rounded-full bg-line [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-accent"
          />
          <p id="download-all-line" className="mt-1 text-sm text-ink-muted">
            {status ? transferLine(status) : "Waiting for the file…"}
          </p>
        </div>
      ) : null}
      <div role="status" className="mt-4 empty:mt-0">
        {running ? <span className="sr-only">Downloading everything as one ZIP…</span> : null}
        {state.kind === "done" ? (
          <Notice tone="success" title={`Saved ${state.fileName}`}>
            <p>
              {state.documents} {state.documents === 1 ? "document" : "documents"}
              {input.text
                ? input.text.purpose === "drill"
                  ? " and the test message"
                  : " and the letter"
                : ""}{" "}
              ({formatBytes(state.bytes)}), each checked against what {owner} stored. This copy is yours to
              keep.
            </p>
          </Notice>
        ) : null}
      </div>
      {state.kind === "failed" ? (
        <div role="alert" className="mt-4">
          <Notice tone={state.title === "Download canceled" ? "info" : "danger"} title={state.title}>
            {state.message}
          </Notice>
        </div>
      ) : null}
    </div>
  );
}
