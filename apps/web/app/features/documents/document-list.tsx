import { useEffect, useRef } from "react";
import { Icon } from "#app/components/ui/icon.tsx";
import { useDateFormat } from "#app/features/prefs/date-format.ts";
import type { DocumentEntry } from "./documents.ts";
import { formatBytes, typeLabel, viewableKind } from "./format.ts";
import { formatDuration } from "./progress.ts";

export type TransferState =
  | { state: "running"; done: number; total: number; secondsLeft?: number }
  | { state: "done" }
  | { state: "failed"; error: string };

const small = "btn-secondary min-h-10 px-3 py-1.5 text-sm";

function TransferLine({ transfer }: { transfer: TransferState | undefined }) {
  if (!transfer) return null;
  if (transfer.state === "failed")
    return (
      <p role="alert" className="mt-2 text-sm text-danger">
        {transfer.error}
      </p>
    );
  if (transfer.state === "done") return <p className="mt-2 text-sm text-success">Downloaded.</p>;
  const left = transfer.secondsLeft ? `, ${formatDuration(transfer.secondsLeft)} left` : "";
  return (
    <p className="mt-2 text-sm text-ink-muted">
      Decrypting and saving: {formatBytes(transfer.done)} of {formatBytes(transfer.total)}
      {left}
    </p>
  );
}

/**
 * Closes the phone's row menu `button` sits in (none on wider screens), focus back on its Actions button: a download
 * shows its progress in the row, which the open menu would cover, and the Download button it was on is disabled
 * while it runs.
 */
function closeRowMenu(button: HTMLElement) {
  const menu = button.closest("details");
  if (!menu?.open) return;
  menu.open = false;
  menu.querySelector("summary")?.focus();
}

/**
 * A phone's row menus behave as menus: opening one closes the others (details sharing a name), and a tap outside an
 * open menu or Escape inside it closes it, so an open menu never sits over the next row's Actions button.
 */
function useRowMenus() {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const openMenus = () => list.current?.querySelectorAll<HTMLDetailsElement>("details[open]") ?? [];
    const onPointerDown = (event: PointerEvent) => {
      // A dialog opened from a menu (the viewer, a confirmation) returns focus into that menu when it closes.
      if ((event.target as Element | null)?.closest?.("dialog, [role=dialog]")) return;
      for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const menu = (event.target as Element | null)?.closest?.("details[open]");
      if (!(menu instanceof HTMLDetailsElement) || !list.current?.contains(menu)) return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);
  return list;
}

/** One document per row; the name is always rendered as text, whatever characters it holds. */
export function DocumentList({
  documents,
  transfers,
  onOpen,
  onDownload,
  onEdit,
  onDelete,
  onResume,
}: {
  documents: readonly DocumentEntry[];
  transfers: ReadonlyMap<string, TransferState>;
  onOpen: (entry: DocumentEntry) => void;
  onDownload: (entry: DocumentEntry) => void;
  onEdit: (entry: DocumentEntry) => void;
  onDelete: (entry: DocumentEntry) => void;
  onResume: (entry: DocumentEntry, file: File) => void;
}) {
  const dates = useDateFormat();
  const list = useRowMenus();
  return (
    <ul
      ref={list}
      aria-label="Your documents"
      className="divide-y divide-line rounded-2xl border border-line bg-surface shadow-xs"
    >
      {documents.map((entry) => {
        const nameId = `doc-${entry.documentId}-name`;
        const storedChunks = entry.storedChunks.size;
        const actions = (
          <>
            {entry.status === "ready" && viewableKind(entry.type) ? (
              <button type="button" className={small} aria-describedby={nameId} onClick={() => onOpen(entry)}>
                <Icon name="eye" className="size-4" />
                Open
              </button>
            ) : null}
            {entry.status === "ready" ? (
              <button
                type="button"
                className={small}
                aria-describedby={nameId}
                disabled={transfers.get(entry.documentId)?.state === "running"}
                onClick={(event) => {
                  closeRowMenu(event.currentTarget);
                  onDownload(entry);
                }}
              >
                <Icon name="download" className="size-4" />
                Download
              </button>
            ) : null}
            {entry.status === "ready" ? (
              <button type="button" className={small} aria-describedby={nameId} onClick={() => onEdit(entry)}>
                Name and labels
              </button>
            ) : null}
            {entry.status === "incomplete" && entry.name ? (
              <label className={`${small} cursor-pointer focus-within:outline-2 focus-within:outline-accent`}>
                Finish upload
                <input
                  type="file"
                  className="sr-only"
                  aria-describedby={nameId}
                  onChange={(event) => {
                    const file = event.currentTarget.files?.[0];
                    event.currentTarget.value = "";
                    if (file) onResume(entry, file);
                  }}
                />
              </label>
            ) : null}
            <button type="button" className={small} aria-describedby={nameId} onClick={() => onDelete(entry)}>
              <Icon name="trash" className="size-4" />
              Delete
            </button>
          </>
        );
        return (
          <li key={entry.documentId} className="p-4 sm:px-6" data-document-id={entry.documentId}>
            <div className="flex items-start justify-between gap-3">
              <div className="flex min-w-0 gap-3">
                <Icon name="file" className="mt-0.5 size-5 shrink-0 text-accent" />
                <div className="min-w-0">
                  <p id={nameId} className="font-medium wrap-anywhere" data-testid="document-name">
                    {entry.name || "Unfinished upload"}
                  </p>
                  <p className="mt-0.5 text-sm text-ink-muted">
                    {[
                      entry.name ? typeLabel(entry.type, entry.name) : null,
                      entry.name ? formatBytes(entry.size) : null,
                      entry.added ? `added ${dates.day(entry.added)}` : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  {entry.labels.length ? (
                    <ul aria-label="Labels" className="mt-2 flex flex-wrap gap-1.5">
                      {entry.labels.map((label) => (
                        <li
                          key={label}
                          className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-medium wrap-anywhere text-ink"
                        >
                          {label}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {entry.status === "incomplete" ? (
                    <p className="mt-2 text-sm text-brass">
                      Upload not finished
                      {entry.chunkCount ? `: ${storedChunks} of ${entry.chunkCount} parts stored` : ""}.
                      Choose the same file again to finish it, or delete it.
                    </p>
                  ) : null}
                  {entry.status === "damaged" ? (
                    <p className="mt-2 text-sm text-danger">
                      This document cannot be verified: its stored parts do not match what you signed. Delete
                      it and upload it again.
                    </p>
                  ) : null}
                  <TransferLine transfer={transfers.get(entry.documentId)} />
                </div>
              </div>
              {/* Phones: one menu per row, so a row stays one line high; wider screens: the buttons themselves. */}
              <details name="document-actions" className="relative shrink-0 sm:hidden">
                <summary className={`${small} list-none [&::-webkit-details-marker]:hidden`}>
                  Actions<span className="sr-only"> for {entry.name || "unfinished upload"}</span>
                </summary>
                <div className="absolute right-0 z-10 mt-2 flex w-52 flex-col gap-2 rounded-xl border border-line bg-surface p-2 shadow-lg">
                  {actions}
                </div>
              </details>
              <div className="hidden shrink-0 flex-wrap gap-2 sm:flex sm:justify-end">{actions}</div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
