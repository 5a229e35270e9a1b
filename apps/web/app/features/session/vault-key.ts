import { isValidVaultKey, isValidVaultSalt } from "@heirloom/crypto";
import { readStored, sessionStore, vaultStorageKeys } from "./vault-storage.ts";

// The vault key and salt as this tab keeps them, validated by SPEC.md section 5's rule. See
// [Note: What the browser keeps, and where] in vault-storage.ts.

/** The stored vault key (base64) if it passes SPEC.md section 5's rule, else null. */
export function readVaultKey(storage = sessionStore()): string | null {
  const value = readStored(storage, vaultStorageKeys.vaultKey);
  return isValidVaultKey(value) ? value : null;
}

/** The stored vault salt if it passes SPEC.md section 5's rule, else null. */
export function readVaultSalt(storage = sessionStore()): string | null {
  const value = readStored(storage, vaultStorageKeys.vaultSalt);
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
