import { describe, expect, it, vi } from "vitest";
import { createUnreadCountStore } from "./unread-count.ts";

describe("unread count store", () => {
  it("tells listeners when the count changes, and keeps the last count when the server cannot answer", async () => {
    const answers = [Promise.resolve({ unread: 3 }), Promise.reject(new Error("offline"))];
    const store = createUnreadCountStore(() => answers.shift() ?? Promise.resolve({ unread: 0 }));
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.get()).toBeNull();
    await store.refresh();
    expect(store.get()).toBe(3);
    await store.refresh();
    expect(store.get()).toBe(3);
    expect(listener).toHaveBeenCalledTimes(1);
    store.set(0);
    expect(store.get()).toBe(0);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
