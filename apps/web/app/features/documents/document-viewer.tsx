import { useEffect, useRef, useState } from "react";
import { Modal } from "#app/components/ui/modal.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import type { DocumentEntry } from "./documents.ts";
import { decryptToBlob, VIEW_LIMIT } from "./download.ts";
import { formatBytes, viewableKind } from "./format.ts";
import { describeStorageError } from "./storage-error.ts";

type View =
  | { state: "loading"; done: number }
  | { state: "url"; url: string }
  | { state: "text"; text: string }
  | { state: "failed"; error: string };

/**
 * Opens a pdf, an image or a text file decrypted in memory. The object URL lives only while the viewer is open and
 * is revoked when it closes; nothing decrypted is written to the browser's cache (the ciphertext is fetched with
 * no-store and the plaintext exists only as this Blob).
 */
export function DocumentViewer({
  entry,
  onClose,
  describeError = describeStorageError,
}: {
  entry: DocumentEntry;
  onClose: () => void;
  /** What a failure reads as; a recipient's page names the owner instead of "you". */
  describeError?: (error: unknown) => string;
}) {
  const kind = viewableKind(entry.type);
  const [view, setView] = useState<View>({ state: "loading", done: 0 });
  // Read when a failure happens, so a new function from a re-rendering parent does not restart the decryption.
  const describe = useRef(describeError);
  describe.current = describeError;

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    if (!kind || entry.size > VIEW_LIMIT) return;
    decryptToBlob(entry, entry.type, {
      signal: controller.signal,
      onStatus: (status) => setView({ state: "loading", done: status.done }),
    })
      .then(async (blob) => {
        if (controller.signal.aborted) return;
        if (kind === "text") setView({ state: "text", text: await blob.text() });
        else {
          url = URL.createObjectURL(blob);
          setView({ state: "url", url });
        }
      })
      .catch((error) => {
        if (!controller.signal.aborted) setView({ state: "failed", error: describe.current(error) });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [entry, kind]);

  let body: React.ReactNode;
  if (!kind || entry.size > VIEW_LIMIT) {
    body = (
      <p className="text-ink-muted">
        {kind
          ? `Documents over ${formatBytes(VIEW_LIMIT)} are not opened here. Download it instead.`
          : "This type of document cannot be shown here. Download it to open it with an app on your device."}
      </p>
    );
  } else if (view.state === "loading") {
    body = (
      <div className="flex items-center gap-3" role="status" aria-live="polite">
        <Spinner className="size-6" />
        <span>
          Decrypting… {formatBytes(view.done)} of {formatBytes(entry.size)}
        </span>
      </div>
    );
  } else if (view.state === "failed") {
    body = (
      <p role="alert" className="text-danger">
        {view.error}
      </p>
    );
  } else if (view.state === "text") {
    body = (
      <pre className="max-h-[70vh] overflow-auto rounded-lg bg-surface-sunken p-4 font-mono text-sm whitespace-pre-wrap break-words">
        {view.text}
      </pre>
    );
  } else if (kind === "image") {
    body = <img src={view.url} alt={entry.name} className="mx-auto max-h-[70vh] max-w-full object-contain" />;
  } else {
    body = (
      <iframe src={view.url} title={entry.name} className="h-[70vh] w-full rounded-lg border border-line" />
    );
  }

  return (
    <Modal id="viewer" title={entry.name} onClose={onClose} wide>
      {body}
      <div className="mt-5 flex justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
