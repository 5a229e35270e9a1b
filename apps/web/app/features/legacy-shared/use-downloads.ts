import { useCallback, useEffect, useRef, useState } from "react";
import type { DocumentEntry } from "#app/features/documents/documents.ts";
import { saveDocument } from "#app/features/documents/download.ts";
import { isStorageError } from "#app/features/documents/storage-error.ts";

export type Transfer =
  | { state: "running"; done: number; total: number; bytesPerSecond: number; secondsLeft: number | undefined }
  | { state: "done" }
  | { state: "canceled" }
  | { state: "failed"; error: string };

/**
 * One download per released document, streamed and checked as the owner's own downloads are
 * (features/documents/download.ts saveDocument), each with its own cancel.
 */
export function useDownloads(describeError: (error: unknown) => string) {
  const [transfers, setTransfers] = useState<ReadonlyMap<string, Transfer>>(new Map());
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const set = useCallback((id: string, transfer: Transfer | null) => {
    setTransfers((current) => {
      const next = new Map(current);
      if (transfer) next.set(id, transfer);
      else next.delete(id);
      return next;
    });
  }, []);

  const start = useCallback(
    async (entry: DocumentEntry) => {
      const id = entry.documentId;
      if (controllers.current.has(id)) return;
      const controller = new AbortController();
      controllers.current.set(id, controller);
      set(id, { state: "running", done: 0, total: entry.size, bytesPerSecond: 0, secondsLeft: undefined });
      try {
        const saved = await saveDocument(entry, {
          signal: controller.signal,
          onStatus: (s) => set(id, { state: "running", ...s }),
        });
        set(id, saved ? { state: "done" } : null);
      } catch (error) {
        if (controller.signal.aborted || (isStorageError(error) && error.code === "storage/canceled")) {
          set(id, { state: "canceled" });
        } else {
          set(id, { state: "failed", error: describeError(error) });
        }
      } finally {
        controllers.current.delete(id);
      }
    },
    [set, describeError],
  );

  const cancel = useCallback((id: string) => controllers.current.get(id)?.abort(), []);

  return { transfers, start, cancel };
}
