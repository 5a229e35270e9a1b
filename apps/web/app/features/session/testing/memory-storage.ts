import type { KeyValueStorage } from "#app/features/session/vault-storage.ts";

/** A Map-backed stand-in for sessionStorage or localStorage in unit tests (they run in Node, without a DOM). */
export function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { dump(): Record<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
    dump: () => Object.fromEntries(map),
  };
}
