import { useState } from "react";
import { Icon } from "#app/components/ui/icon.tsx";
import { DocumentViewer } from "#app/features/documents/document-viewer.tsx";
import type { DocumentEntry } from "#app/features/documents/documents.ts";
import { formatBytes, typeLabel, viewableKind } from "#app/features/documents/format.ts";
import { transferLine } from "#app/features/documents/progress.ts";
import { itemKindInWords, problemInWords } from "./plain-words.ts";
import { type Transfer, useDownloads } from "./use-downloads.ts";
import type { ItemRef, OpenedDocument } from "./verify-shared.ts";

const small = "btn-secondary min-h-10 px-3 py-1.5 text-sm";

/**
 * A download under way (a bar with its values, read as a progressbar) and how it ended. Only the start and the end
 * are announced, from one status line; the bar is not read out at every step.
 */
function TransferStatus({ name, transfer }: { name: string; transfer: Transfer | undefined }) {
  return (
    <>
      {transfer?.state === "running" ? (
        <div className="mt-2">
          <progress
            aria-label={`Downloading ${name}`}
            value={transfer.done}
            max={Math.max(1, transfer.total)}
            className="block h-2 w-full overflow-hidden rounded-full bg-line [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-accent"
          />
          <p className="mt-1 text-sm text-ink-muted">Decrypting and saving: {transferLine(transfer)}</p>
        </div>
      ) : null}
      {transfer?.state === "failed" ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {transfer.error}
        </p>
      ) : null}
      <p role="status" className="mt-2 text-sm empty:mt-0">
        {transfer?.state === "running" ? <span className="sr-only">Downloading {name}…</span> : null}
        {transfer?.state === "done" ? <span className="text-success">Downloaded.</span> : null}
        {transfer?.state === "canceled" ? (
          <span className="text-ink-muted">Download canceled. Nothing was kept.</span>
        ) : null}
      </p>
    </>
  );
}

function ReadyRow({
  entry,
  transfer,
  onOpen,
  onDownload,
  onCancel,
}: {
  entry: DocumentEntry;
  transfer: Transfer | undefined;
  onOpen: (entry: DocumentEntry) => void;
  onDownload: (entry: DocumentEntry) => void;
  onCancel: (entry: DocumentEntry) => void;
}) {
  const nameId = `shared-doc-${entry.documentId}-name`;
  const running = transfer?.state === "running";
  return (
    <li className="p-4 sm:px-6" data-document-id={entry.documentId}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-1 gap-3">
          <Icon name="file" className="mt-0.5 size-5 shrink-0 text-accent" />
          <div className="min-w-0 flex-1">
            <p id={nameId} className="font-medium wrap-anywhere" data-testid="shared-document-name">
              {entry.name}
            </p>
            <p className="mt-0.5 text-sm text-ink-muted">
              {typeLabel(entry.type, entry.name)} · {formatBytes(entry.size)}
            </p>
            <TransferStatus name={entry.name} transfer={transfer} />
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 sm:justify-end">
          {viewableKind(entry.type) ? (
            <button type="button" className={small} aria-describedby={nameId} onClick={() => onOpen(entry)}>
              <Icon name="eye" className="size-4" />
              Open
            </button>
          ) : null}
          {/* One button that turns into Cancel while its download runs, so focus never falls off the page. */}
          <button
            type="button"
            className={small}
            aria-describedby={nameId}
            onClick={() => (running ? onCancel(entry) : onDownload(entry))}
          >
            {running ? null : <Icon name="download" className="size-4" />}
            {running ? "Cancel download" : "Download"}
          </button>
        </div>
      </div>
    </li>
  );
}

function ProblemRow({ title, detail }: { title: string; detail: string }) {
  return (
    <li className="p-4 sm:px-6">
      <div className="flex min-w-0 gap-3">
        <Icon name="alert" className="mt-0.5 size-5 shrink-0 text-brass" />
        <div className="min-w-0">
          <p className="font-medium">{title}</p>
          <p className="mt-0.5 text-sm text-ink-muted">{detail}</p>
        </div>
      </div>
    </li>
  );
}

/**
 * The released documents: those that passed every check, with Open and Download; then, without names (nothing of
 * theirs was opened), those that did not, and what the owner listed that is not served.
 */
export function SharedDocuments({
  documents,
  missing,
  unlisted,
  describeError,
}: {
  documents: readonly OpenedDocument[];
  missing: readonly ItemRef[];
  unlisted: readonly ItemRef[];
  describeError: (error: unknown) => string;
}) {
  const [viewing, setViewing] = useState<DocumentEntry | null>(null);
  const downloads = useDownloads(describeError);
  const ready = documents.flatMap((d) => (d.status === "ready" ? [d.entry] : []));
  const failed = documents.flatMap((d) => (d.status === "ready" ? [] : [d]));
  const rows = ready.length + failed.length + missing.length + unlisted.length;
  if (rows === 0) return null;
  return (
    <>
      <ul
        aria-label="Shared items"
        className="divide-y divide-line rounded-2xl border border-line bg-surface shadow-xs"
      >
        {ready.map((entry) => (
          <ReadyRow
            key={entry.documentId}
            entry={entry}
            transfer={downloads.transfers.get(entry.documentId)}
            onOpen={setViewing}
            onDownload={(e) => void downloads.start(e)}
            onCancel={(e) => downloads.cancel(e.documentId)}
          />
        ))}
        {failed.map((item) => (
          <ProblemRow key={`failed-${item.id}`} title="A document" detail={problemInWords(item.status)} />
        ))}
        {missing.map((item) => (
          <ProblemRow
            key={`missing-${item.kind}-${item.id}`}
            title={itemKindInWords(item.kind)}
            detail="Not available (withdrawn or withheld)."
          />
        ))}
        {unlisted.map((item) => (
          <ProblemRow
            key={`unlisted-${item.kind}-${item.id}`}
            title={`${itemKindInWords(item.kind)} (refused)`}
            detail="Refused: the server offered an item the owner did not list. It was not opened."
          />
        ))}
      </ul>
      {viewing ? (
        <DocumentViewer entry={viewing} onClose={() => setViewing(null)} describeError={describeError} />
      ) : null}
    </>
  );
}
