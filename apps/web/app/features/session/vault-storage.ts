import { isValidVaultKey, isValidVaultSalt } from "@heirloom/crypto";

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

function read(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The stored vault key (base64) if it passes SPEC.md section 5's rule, else null. */
export function readVaultKey(storage = sessionStore()): string | null {
  const value = read(storage, vaultStorageKeys.vaultKey);
  return isValidVaultKey(value) ? value : null;
}

/** The stored vault salt if it passes SPEC.md section 5's rule, else null. */
export function readVaultSalt(storage = sessionStore()): string | null {
  const value = read(storage, vaultStorageKeys.vaultSalt);
  return isValidVaultSalt(value) ? value : null;
}

/** True when this tab holds a usable vault key: the tab's half of being signed in. */
export function hasVaultKey(storage = sessionStore()): boolean {
  return readVaultKey(storage) !== null;
}

/** Keeps the vault key and salt for this tab (sessionStorage). Refuses values the readers would reject. */
export function writeVaultStorage(
  values: { vaultKeyB64: string; saltHex: string },
  storage = sessionStore(),
): void {
  if (!isValidVaultKey(values.vaultKeyB64)) throw new Error("Refusing to store an invalid vault key.");
  if (!isValidVaultSalt(values.saltHex)) throw new Error("Refusing to store an invalid vault salt.");
  if (!storage) throw new Error("This browser does not allow the vault key to be kept for this tab.");
  storage.setItem(vaultStorageKeys.vaultKey, values.vaultKeyB64);
  storage.setItem(vaultStorageKeys.vaultSalt, values.saltHex);
}

/** Replaces only the salt (after the startup check fetched a fresh one). */
export function writeVaultSalt(saltHex: string, storage = sessionStore()): void {
  if (!isValidVaultSalt(saltHex)) throw new Error("Refusing to store an invalid vault salt.");
  storage?.setItem(vaultStorageKeys.vaultSalt, saltHex);
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
