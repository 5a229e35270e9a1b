import { useSyncExternalStore } from "react";
import { type QueueSnapshot, wrapQueue } from "./wrap-queue.ts";

const serverSnapshot = wrapQueue.getSnapshot();

/** The wrap queue of this tab, for React. */
export function useWrapQueue(): QueueSnapshot {
  return useSyncExternalStore(wrapQueue.subscribe, wrapQueue.getSnapshot, () => serverSnapshot);
}
