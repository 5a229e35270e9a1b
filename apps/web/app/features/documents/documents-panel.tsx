import { useCallback, useMemo, useState } from "react";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { DeleteDialog, EditDialog } from "./document-dialogs.tsx";
import { DocumentList, type TransferState } from "./document-list.tsx";
import { DocumentViewer } from "./document-viewer.tsx";
import type { DocumentEntry } from "./documents.ts";
import { canStreamToDisk, saveDocument } from "./download.ts";
import { DropZone } from "./drop-zone.tsx";
import { allLabels, type SortOrder, sortOrders, visibleDocuments } from "./list-view.ts";
import { QuotaBar } from "./quota-bar.tsx";
import { describeStorageError } from "./storage-error.ts";
import { UploadQueue } from "./upload-queue.tsx";
import type { useDocuments } from "./use-documents.ts";

type Dialog =
  | { kind: "view"; entry: DocumentEntry }
  | { kind: "edit"; entry: DocumentEntry }
  | { kind: "delete"; entry: DocumentEntry }
  | null;

/**
 * The document vault on the MyData page: add, list, open, save, rename, label and delete documents. The page owns
 * the state (useDocuments) so the vault export below it works from the same decrypted list.
 */
export function DocumentsPanel({ docs }: { docs: ReturnType<typeof useDocuments> }) {
  const [search, setSearch] = useState("");
  const [order, setOrder] = useState<SortOrder>("newest");
  const [label, setLabel] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [transfers, setTransfers] = useState<ReadonlyMap<string, TransferState>>(new Map());

  const setTransfer = useCallback((documentId: string, transfer: TransferState | null) => {
    setTransfers((current) => {
      const next = new Map(current);
      if (transfer) next.set(documentId, transfer);
      else next.delete(documentId);
      return next;
    });
  }, []);

  const download = useCallback(
    async (entry: DocumentEntry) => {
      setTransfer(entry.documentId, { state: "running", done: 0, total: entry.size });
      try {
        const saved = await saveDocument(entry, {
          onStatus: (s) =>
            setTransfer(entry.documentId, {
              state: "running",
              done: s.done,
              total: s.total,
              secondsLeft: s.secondsLeft,
            }),
        });
        setTransfer(entry.documentId, saved ? { state: "done" } : null);
      } catch (error) {
        setTransfer(entry.documentId, { state: "failed", error: describeStorageError(error) });
      }
    },
    [setTransfer],
  );

  // A document being uploaded right now is shown in the upload queue, not as an unfinished upload in the list.
  const uploading = useMemo(
    () =>
      new Set(
        docs.uploads
          .filter((u) => u.state === "running" || u.state === "queued")
          .map((u) => u.documentId ?? u.resumeDocumentId),
      ),
    [docs.uploads],
  );
  const list = useMemo(
    () =>
      docs.documents.state === "ready"
        ? docs.documents.value.filter((e) => e.status !== "incomplete" || !uploading.has(e.documentId))
        : [],
    [docs.documents, uploading],
  );
  const labels = useMemo(() => allLabels(list), [list]);
  const shown = useMemo(
    () => visibleDocuments(list, { search, order, label: label && labels.includes(label) ? label : null }),
    [list, search, order, label, labels],
  );

  return (
    <section aria-labelledby="documents-title" className="space-y-5">
      <h2 id="documents-title" className="sr-only">
        Your documents
      </h2>
      <QuotaBar usage={docs.usage} />
      <DropZone onFiles={(files) => docs.addFiles(files)} />
      {canStreamToDisk() ? null : (
        <p className="text-sm text-ink-muted">
          This browser saves documents of up to 1 GB. Chrome and Edge on a computer save larger ones too,
          writing them to disk as they are decrypted.
        </p>
      )}
      <UploadQueue
        uploads={docs.uploads}
        onCancel={docs.cancelUpload}
        onRetry={docs.retryUpload}
        onDismiss={docs.dismissUpload}
        onClearFinished={docs.clearFinished}
      />

      {docs.documents.state === "loading" ? (
        <div role="status" className="flex items-center gap-3 py-6 text-ink-muted">
          <Spinner className="size-6" />
          Decrypting your document list…
        </div>
      ) : docs.documents.state === "failed" ? (
        <Notice tone="danger" title="Your documents could not be listed">
          <p>{docs.documents.error}</p>
          <button type="button" className="btn-secondary mt-3" onClick={() => void docs.refresh()}>
            Try again
          </button>
        </Notice>
      ) : list.length === 0 ? (
        <EmptyState
          icon="file"
          title="No documents yet"
          body="Documents you add will be listed here. Each one is encrypted with its own key before it leaves this browser."
        />
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor="documents-search" className="block text-sm font-medium">
                Search by name
              </label>
              <input
                id="documents-search"
                type="search"
                className="field-input mt-1.5"
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                autoComplete="off"
              />
            </div>
            <div>
              <label htmlFor="documents-sort" className="block text-sm font-medium">
                Sort
              </label>
              <select
                id="documents-sort"
                className="field-input mt-1.5"
                value={order}
                onChange={(event) => setOrder(event.currentTarget.value as SortOrder)}
              >
                {Object.entries(sortOrders).map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {labels.length ? (
            <fieldset>
              <legend className="text-sm font-medium">Show documents labelled</legend>
              <div className="mt-1.5 flex flex-wrap gap-2">
                {[null, ...labels].map((value) => (
                  <button
                    key={value ?? "all"}
                    type="button"
                    aria-pressed={label === value}
                    onClick={() => setLabel(value)}
                    className="rounded-full border border-line-strong px-3 py-1 text-sm wrap-anywhere aria-pressed:border-accent aria-pressed:bg-accent aria-pressed:text-on-accent"
                  >
                    {value ?? "All"}
                  </button>
                ))}
              </div>
            </fieldset>
          ) : null}
          <p role="status" aria-live="polite" className="text-sm text-ink-muted">
            {shown.length === list.length
              ? `${list.length} ${list.length === 1 ? "document" : "documents"}`
              : `${shown.length} of ${list.length} documents match`}
          </p>
          {shown.length ? (
            <DocumentList
              documents={shown}
              transfers={transfers}
              onOpen={(entry) => setDialog({ kind: "view", entry })}
              onDownload={(entry) => void download(entry)}
              onEdit={(entry) => setDialog({ kind: "edit", entry })}
              onDelete={(entry) => setDialog({ kind: "delete", entry })}
              onResume={(entry, file) => docs.addFiles([file], entry.documentId)}
            />
          ) : (
            <p className="rounded-xl bg-surface-sunken px-4 py-3">No document name contains “{search}”.</p>
          )}
        </>
      )}

      {dialog?.kind === "view" ? (
        <DocumentViewer entry={dialog.entry} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === "edit" ? (
        <EditDialog
          entry={dialog.entry}
          onRename={(name) => docs.rename(dialog.entry, name)}
          onLabels={(value) => docs.setLabels(dialog.entry, value)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === "delete" ? (
        <DeleteDialog
          entry={dialog.entry}
          onConfirm={() => docs.remove(dialog.entry)}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </section>
  );
}
