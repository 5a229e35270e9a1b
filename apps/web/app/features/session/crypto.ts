import type { CryptoWorkerClient } from "@heirloom/crypto";

// [Note: Keys live in the crypto workers' and the page's memory only]
// The workers (packages/crypto, started on first use) do every operation; the page keeps the unlocked account's
// non-extractable CryptoKeys. Sign-out calls forgetCryptoKeys() and then reloads the page, so neither outlives the
// session. This file is light on purpose (the root layout reaches it through sign-out): @heirloom/crypto is
// imported on first use, so pages that never touch a key never download it.

let client: CryptoWorkerClient | null = null;
let starting: Promise<CryptoWorkerClient> | null = null;
/** Bumped by forgetCryptoKeys, so work that finishes afterwards is thrown away. */
let generation = 0;
const forgetters = new Set<() => void>();

/** The page's crypto worker client, started on first call and shared afterwards. */
export function getCryptoClient(): Promise<CryptoWorkerClient> {
  if (client) return Promise.resolve(client);
  if (starting) return starting;
  const started = generation;
  const attempt = import("@heirloom/crypto").then(({ startCryptoWorkers }) => {
    const fresh = startCryptoWorkers();
    if (started !== generation) {
      fresh.close();
      throw new Error("Signed out while the crypto workers were starting.");
    }
    client = fresh;
    return fresh;
  });
  starting = attempt;
  attempt.catch(() => {
    if (starting === attempt) starting = null;
  });
  return attempt;
}

/**
 * A value that lives as long as the session in this page (such as the unlocked account): made on first call,
 * shared by every caller, dropped by forgetCryptoKeys. A failed attempt is not kept, so the next call tries again.
 */
export function sessionScoped<T>(create: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  forgetters.add(() => {
    pending = null;
  });
  return () => {
    if (pending) return pending;
    const started = generation;
    const attempt = create().then((value) => {
      if (started !== generation) throw new Error("Signed out while the keys were being opened.");
      return value;
    });
    pending = attempt;
    attempt.catch(() => {
      if (pending === attempt) pending = null;
    });
    return attempt;
  };
}

/** Sign-out: closes the workers (which discards their keys) and forgets every session-scoped value. */
export function forgetCryptoKeys(): void {
  generation++;
  client?.close();
  client = null;
  starting = null;
  for (const forget of forgetters) forget();
}
