import { isCryptoError } from "@heirloom/crypto";
import { useRef, useState } from "react";
import { Notice } from "#app/components/ui/notice.tsx";
import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import type { DocumentEntry } from "#app/features/documents/documents.ts";
import {
  BLOB_SAVE_LIMIT,
  canStreamToDisk,
  DocumentIntegrityError,
  TooLargeForBrowserError,
} from "#app/features/documents/download.ts";
import { formatBytes, transferLine } from "#app/features/documents/progress.ts";
import { describeStorageError, isStorageError } from "#app/features/documents/storage-error.ts";
import { type ExportResult, type ExportStatus, exportVault, planExport } from "./vault-export.ts";

type State =
  | { kind: "idle" }
  | { kind: "running"; status: ExportStatus | null }
  | { kind: "done"; result: ExportResult }
  | { kind: "failed"; title: string; message: string };

/**
 * "Export your documents": every document of the vault in one ZIP, decrypted and checked in this browser and written
 * to disk as it goes (features/export/vault-export.ts). `documents` is the list the page already decrypted; null while
 * it loads or when it could not be read.
 */
export function VaultExportPanel({ documents }: { documents: readonly DocumentEntry[] | null }) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const controller = useRef<AbortController | null>(null);
  const plan = documents ? planExport(documents) : null;
  const streams = canStreamToDisk();

  const start = async () => {
    if (!documents) return;
    const abort = new AbortController();
    controller.current = abort;
    let current: ExportStatus | null = null;
    setState({ kind: "running", status: null });
    try {
      const result = await exportVault(documents, {
        signal: abort.signal,
        onStatus: (status) => {
          current = status;
          setState({ kind: "running", status });
        },
      });
      setState(result ? { kind: "done", result } : { kind: "idle" });
    } catch (error) {
      const name = (current as ExportStatus | null)?.name;
      if (isStorageError(error) && error.code === "storage/canceled") {
        setState({ kind: "failed", title: "Export canceled", message: "No file was kept." });
      } else if (error instanceof DocumentIntegrityError || isCryptoError(error)) {
        // A chunk that fails AES-GCM, or a chain of chunks that differs from the signed manifest.
        setState({
          kind: "failed",
          title: "The export was stopped",
          message: `“${name ?? "A document"}” does not match what you stored: it may have been altered. No file was kept. Save your other documents one at a time from the list above, and contact support about this one.`,
        });
      } else if (error instanceof TooLargeForBrowserError) {
        setState({
          kind: "failed",
          title: "Too large for this browser",
          message: `This browser can export up to ${formatBytes(BLOB_SAVE_LIMIT)} at a time, and your documents take ${formatBytes(plan?.bytes ?? 0)}. Open Heirloom in Chrome or Edge on a computer, which write the export to disk as it is decrypted, or save documents one at a time.`,
        });
      } else {
        setState({
          kind: "failed",
          title: "The export did not finish",
          message: `${describeStorageError(error)} No file was kept.`,
        });
      }
    } finally {
      controller.current = null;
    }
  };

  const running = state.kind === "running";
  const status = running ? state.status : null;
  return (
    <SettingsPanel
      id="vault-export-title"
      title="Export your documents"
      description="A ZIP of every document in your vault, decrypted in this browser. Keep it somewhere safe: unlike your vault, the ZIP is not encrypted."
    >
      {plan === null ? (
        <p className="text-[0.9375rem] text-ink-muted">Your documents are being listed…</p>
      ) : plan.ready.length === 0 ? (
        <p className="rounded-xl bg-surface-sunken px-4 py-3 text-[0.9375rem] text-ink-muted">
          There are no documents to export yet. Documents you add above can be exported here.
        </p>
      ) : (
        <>
          <p id="vault-export-summary" className="text-[0.9375rem]">
            {plan.ready.length} {plan.ready.length === 1 ? "document" : "documents"},{" "}
            {formatBytes(plan.bytes)}.
            {streams
              ? " The ZIP is written to the file you choose as it is decrypted."
              : ` This browser exports up to ${formatBytes(BLOB_SAVE_LIMIT)} at a time.`}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-primary"
              disabled={running}
              aria-describedby="vault-export-summary"
              onClick={() => void start()}
            >
              {running ? "Exporting…" : "Export my documents (ZIP)"}
            </button>
            {running ? (
              <button type="button" className="btn-secondary" onClick={() => controller.current?.abort()}>
                Cancel export
              </button>
            ) : null}
          </div>
        </>
      )}
      {running ? (
        <div className="mt-4">
          <p id="vault-export-stage" className="font-medium wrap-anywhere">
            {status
              ? `Document ${status.position} of ${status.count}: ${status.name}`
              : "Starting the export…"}
          </p>
          <progress
            aria-labelledby="vault-export-stage"
            aria-describedby="vault-export-line"
            value={status?.done ?? 0}
            max={Math.max(1, status?.total ?? plan?.bytes ?? 1)}
            className="mt-2 block h-2 w-full overflow-hidden rounded-full bg-line [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-accent"
          />
          <p id="vault-export-line" className="mt-1 text-sm text-ink-muted">
            {status ? transferLine(status) : "Waiting for the file…"}
          </p>
        </div>
      ) : null}
      <div role="status" className="mt-4 empty:mt-0">
        {state.kind === "done" ? (
          <Notice tone="success" title={`Exported ${state.result.fileName}`}>
            <p>
              {state.result.exported} {state.result.exported === 1 ? "document" : "documents"} (
              {formatBytes(state.result.bytes)}), each checked against what you stored. The file{" "}
              <span className="font-mono text-sm">heirloom-export.json</span> inside lists them.
            </p>
            {state.result.leftOut.length > 0 ? (
              <>
                <p className="mt-2">Left out:</p>
                <ul className="mt-1 list-disc space-y-1 pl-5">
                  {state.result.leftOut.map((item) => (
                    <li key={`${item.name}-${item.reason}`} className="wrap-anywhere">
                      {item.name}: {item.reason}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </Notice>
        ) : null}
      </div>
      {state.kind === "failed" ? (
        <div role="alert" className="mt-4">
          <Notice tone={state.title === "Export canceled" ? "info" : "danger"} title={state.title}>
            {state.message}
          </Notice>
        </div>
      ) : null}
    </SettingsPanel>
  );
}
