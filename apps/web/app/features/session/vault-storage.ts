// Light on purpose: the root layout reaches this file (sign-out from the public header), so it must not pull in
// the crypto package or zod. The readers that validate with @heirloom/crypto are in vault-key.ts.
//
// [Note: What the browser keeps, and where]
// SPEC.md section 3 keeps the vault key and salt in the browser. ARCHITECTURE.md departures 2 and 5: we keep them in
// sessionStorage only (gone with the tab; never localStorage) and never store a password at all. Sign-out still
// clears every name SPEC lists, from both storages, in case an older build or another tool left one behind.

/** Where the session keeps its two values, in sessionStorage only. */
export const vaultStorageKeys = {
  /** The vault key's 32 bytes, base64 (dangerouslyExportVaultKeyB64). */
  vaultKey: "vaultKey",
  /** The KDF salt the vault key was derived with (64 hex characters). */
  vaultSalt: "vaultSalt",
} as const;

/**
 * Every name SPEC.md section 4 "Sign out" clears, from sessionStorage AND localStorage: the stored vault password,
 * private key, vault key, salt and recipient key. `cookiesAccepted` is deliberately absent: it is a preference.
 */
export const signOutClearedKeys = [
  "vaultKey",
  "vaultSalt",
  "vaultPassword",
  "privateKey",
  "recipientKey",
] as const;

/** The part of the Web Storage API we use, so tests can pass a Map-backed stand-in. */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem" | "clear">;

// Storage can be missing (server rendering) or throw (disabled by the browser's privacy settings): both read as empty.
function browserStorage(kind: "sessionStorage" | "localStorage"): KeyValueStorage | null {
  try {
    return typeof window === "undefined" ? null : window[kind];
  } catch {
    return null;
  }
}

export const sessionStore = (): KeyValueStorage | null => browserStorage("sessionStorage");
export const localStore = (): KeyValueStorage | null => browserStorage("localStorage");

export function readStored(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Sign-out: removes every name in `signOutClearedKeys` from both storages. Never throws. */
export function clearVaultStorage(
  storages: (KeyValueStorage | null)[] = [sessionStore(), localStore()],
): void {
  for (const storage of storages) {
    for (const key of signOutClearedKeys) {
      try {
        storage?.removeItem(key);
      } catch {
        // A storage that cannot be written cannot hold a key either.
      }
    }
  }
}

/** The startup check's "clears session storage": everything this tab kept, not only the vault names. */
export function clearTabStorage(storage = sessionStore()): void {
  try {
    storage?.clear();
  } catch {
    // As above.
  }
}
