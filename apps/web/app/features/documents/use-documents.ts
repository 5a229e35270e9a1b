import { queryOptions, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiQuery, getQueryClient, invalidateApi } from "#app/lib/query.tsx";
import {
  type DocumentEntry,
  deleteDocument,
  listDocuments,
  renameDocument,
  saveLabels,
} from "./documents.ts";
import { readPendingUpload } from "./resume-store.ts";
import { describeStorageError, isStorageError } from "./storage-error.ts";
import { discardUpload, type UploadStatus, uploadDocument } from "./upload.ts";

export interface UploadItem {
  readonly key: number;
  readonly file: File;
  readonly resumeDocumentId?: string;
  readonly state: "queued" | "running" | "done" | "failed" | "canceled";
  readonly status?: UploadStatus;
  readonly error?: string;
  readonly documentId?: string;
}

type Loaded<T> = { state: "loading" } | { state: "ready"; value: T } | { state: "failed"; error: string };

/** The document list: listed and opened in the browser (names are encrypted), so not a row of the API table. */
export const documentsQuery = queryOptions({
  queryKey: ["documents"],
  queryFn: () => listDocuments(),
  retry: false,
});

let nextKey = 1;

/** The Documents page's state: the list, the storage use, and an upload queue that runs one file at a time. */
export function useDocuments() {
  const list = useQuery(documentsQuery);
  const usage = useQuery({ ...apiQuery("getStorageUsage"), retry: false }).data ?? null;
  const documents: Loaded<DocumentEntry[]> = list.data
    ? { state: "ready", value: list.data }
    : list.isError
      ? { state: "failed", error: describeStorageError(list.error) }
      : { state: "loading" };
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const running = useRef(false);
  const queue = useRef<UploadItem[]>([]);
  const documentsRef = useRef<DocumentEntry[]>([]);
  documentsRef.current = list.data ?? documentsRef.current;

  const refreshUsage = useCallback(() => void invalidateApi("getStorageUsage"), []);

  const refresh = useCallback(async () => {
    await Promise.all([getQueryClient().invalidateQueries(documentsQuery), invalidateApi("getStorageUsage")]);
  }, []);

  useEffect(() => {
    const controllersNow = controllers.current;
    return () => {
      for (const controller of controllersNow.values()) controller.abort();
    };
  }, []);

  const update = useCallback((key: number, change: Partial<UploadItem>) => {
    setUploads((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));
    queue.current = queue.current.map((item) => (item.key === key ? { ...item, ...change } : item));
  }, []);

  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (;;) {
        const item = queue.current.find((candidate) => candidate.state === "queued");
        if (!item) break;
        const controller = new AbortController();
        controllers.current.set(item.key, controller);
        update(item.key, { state: "running", error: undefined });
        try {
          const documentId = await uploadDocument(item.file, {
            signal: controller.signal,
            resumeDocumentId: item.resumeDocumentId ?? item.documentId,
            onDocumentId: (id) => update(item.key, { documentId: id }),
            onStatus: (status) => update(item.key, { status }),
          });
          update(item.key, { state: "done", documentId });
        } catch (error) {
          const canceled = controller.signal.aborted;
          const documentId = queue.current.find((candidate) => candidate.key === item.key)?.documentId;
          // A canceled upload, or one the quota refused, leaves nothing behind; any other failure keeps what is
          // stored so that Retry continues from there.
          const refused = isStorageError(error) && error.code === "storage/quota-exceeded";
          if ((canceled || refused) && documentId) await discardUpload(documentId).catch(() => {});
          update(item.key, {
            state: canceled ? "canceled" : "failed",
            error: canceled ? undefined : describeStorageError(error),
          });
        } finally {
          controllers.current.delete(item.key);
        }
        void refresh();
      }
    } finally {
      running.current = false;
    }
  }, [refresh, update]);

  /** Queues files; a file matching an unfinished upload of this browser (name, size, date) continues it. */
  const addFiles = useCallback(
    (files: readonly File[], resumeDocumentId?: string) => {
      const added = files.map((file): UploadItem => {
        const match =
          resumeDocumentId ??
          documentsRef.current.find((entry) => {
            if (entry.status !== "incomplete" || entry.name !== file.name || entry.size !== file.size)
              return false;
            const pending = readPendingUpload(entry.documentId);
            return pending?.lastModified === file.lastModified;
          })?.documentId;
        return { key: nextKey++, file, state: "queued", resumeDocumentId: match };
      });
      queue.current = [...queue.current, ...added];
      setUploads((items) => [...items, ...added]);
      void pump();
    },
    [pump],
  );

  const cancelUpload = useCallback(
    (key: number) => {
      const controller = controllers.current.get(key);
      if (controller) controller.abort();
      else update(key, { state: "canceled" });
    },
    [update],
  );

  /** Tries again where the upload stopped: stored chunks are not sent again. */
  const retryUpload = useCallback(
    (key: number) => {
      update(key, { state: "queued", error: undefined });
      void pump();
    },
    [pump, update],
  );

  const dismissUpload = useCallback((key: number) => {
    setUploads((items) => items.filter((item) => item.key !== key));
    queue.current = queue.current.filter((item) => item.key !== key);
  }, []);

  /** Removes every finished upload from the list at once; failed and running ones stay. */
  const clearFinished = useCallback(() => {
    setUploads((items) => items.filter((item) => item.state !== "done"));
  }, []);

  /** Applies what an edit changed to the current entry (two edits in a row must not undo each other). */
  const patch = useCallback((documentId: string, change: Partial<DocumentEntry>) => {
    documentsRef.current = documentsRef.current.map((e) =>
      e.documentId === documentId ? { ...e, ...change } : e,
    );
    getQueryClient().setQueryData(documentsQuery.queryKey, documentsRef.current);
  }, []);
  const current = useCallback(
    (entry: DocumentEntry) => documentsRef.current.find((e) => e.documentId === entry.documentId) ?? entry,
    [],
  );

  const rename = useCallback(
    async (entry: DocumentEntry, name: string) => {
      const renamed = await renameDocument(current(entry), name);
      patch(entry.documentId, { name: renamed.name, manifest: renamed.manifest });
    },
    [patch, current],
  );
  const setLabels = useCallback(
    async (entry: DocumentEntry, labels: readonly string[]) => {
      const labelled = await saveLabels(current(entry), labels);
      patch(entry.documentId, { labels: labelled.labels });
    },
    [patch, current],
  );
  const remove = useCallback(
    async (entry: DocumentEntry) => {
      await deleteDocument(entry.documentId);
      documentsRef.current = documentsRef.current.filter((e) => e.documentId !== entry.documentId);
      getQueryClient().setQueryData(documentsQuery.queryKey, documentsRef.current);
      refreshUsage();
    },
    [refreshUsage],
  );

  return {
    documents,
    usage,
    uploads,
    refresh,
    addFiles,
    cancelUpload,
    retryUpload,
    dismissUpload,
    clearFinished,
    rename,
    setLabels,
    remove,
  };
}
