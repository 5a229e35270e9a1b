import { accountMessages, type KeysResponse } from "@heirloom/contract";
import { newVaultSaltHex, type VaultKey, type VaultWrappedBlobs } from "@heirloom/crypto";
import { getCryptoClient } from "#app/features/session/index.ts";
import { writeVaultStorage } from "#app/features/session/vault-key.ts";
import { callApi } from "#app/lib/api.ts";
import { deriveCredentials } from "./credentials.ts";
import {
  type ReauthDeps,
  type ReauthInput,
  ReauthInputError,
  type ReauthProof,
  reauthenticate,
} from "./reauth.ts";

// [Note: A password change re-wraps two blobs and nothing else]
// ARCHITECTURE.md "Key hierarchy": the password only wraps the account key and the private keys (ownerEncryptedDek,
// encryptedPrivateKey, encryptedSigningPrivateKey). A change derives a new vault key from the new password and a new
// random salt, re-encrypts those blobs with it in the crypto worker, and sends the server the new auth key, the new
// salt and the new blobs with the proof of the old password. No document is touched, every document key stays valid,
// and the server ends every other session. The passwords never leave the crypto worker.

/** The steps a person sees while the slow parts run (Argon2id twice, then the re-wrap). */
export type ChangePasswordStep = "checking" | "deriving" | "rewrapping" | "saving";

export const changePasswordStepLabels: Record<ChangePasswordStep, string> = {
  checking: "Checking your current password",
  deriving: "Making the key for your new password",
  rewrapping: "Re-encrypting your keys",
  saving: "Saving",
};

export interface ChangePasswordDeps extends ReauthDeps {
  /** GET /api/account/keys: the salt, KDF parameters and blobs the current password opens. */
  fetchKeys(): Promise<KeysResponse>;
  /** 32 random bytes as 64 hex characters. */
  newSaltHex(): string;
  /** The crypto worker's unlockAccountKey: proves the derived vault key opens this account. */
  openAccountKey(vaultKey: VaultKey, userId: string, ownerEncryptedDek: string): Promise<unknown>;
  /** The crypto worker's rewrapForNewPassword. */
  rewrap(input: {
    userId: string;
    oldVaultKey: VaultKey;
    newVaultKey: VaultKey;
    blobs: VaultWrappedBlobs;
  }): Promise<VaultWrappedBlobs>;
  /** POST /api/account/password (changePasswordRequestSchema). */
  postChangePassword(
    body: ReauthProof & {
      newAuthKey: string;
      newSaltHex: string;
      blobs: VaultWrappedBlobs;
    },
  ): Promise<void>;
  /** writeVaultStorage: this tab keeps the new vault key and salt, so it stays unlocked. */
  storeVaultKey(values: { vaultKeyB64: string; saltHex: string }): void;
  onStep?(step: ChangePasswordStep): void;
}

export async function changePassword(
  deps: ChangePasswordDeps,
  input: ReauthInput & { email: string; twoFactorEnabled: boolean; newPassword: string },
): Promise<void> {
  if (!input.newPassword) throw new ReauthInputError("password", "Enter a new password.");
  deps.onStep?.("checking");
  const keys = await deps.fetchKeys();
  const { proof, credentials: old } = await reauthenticate(deps, input, {
    saltHex: keys.saltHex,
    kdf: keys.kdf,
  });
  // A wrong password gives a vault key that opens nothing: say so now rather than after a second Argon2id run.
  try {
    await deps.openAccountKey(old.vaultKey, keys.userId, keys.blobs.ownerEncryptedDek);
  } catch {
    throw new ReauthInputError("password", accountMessages.incorrectPassword);
  }

  deps.onStep?.("deriving");
  const newSaltHex = deps.newSaltHex();
  const next = await deps.derive(input.email, input.newPassword, { saltHex: newSaltHex, kdf: keys.kdf });

  deps.onStep?.("rewrapping");
  const { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey } = keys.blobs;
  const blobs = await deps.rewrap({
    userId: keys.userId,
    oldVaultKey: old.vaultKey,
    newVaultKey: next.vaultKey,
    blobs: { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey },
  });

  deps.onStep?.("saving");
  await deps.postChangePassword({ ...proof, newAuthKey: next.authKey, newSaltHex, blobs });
  deps.storeVaultKey({ vaultKeyB64: next.vaultKeyB64, saltHex: newSaltHex });
}

/** The browser's wiring: our API, the crypto worker, and this tab's sessionStorage. */
export function browserChangePasswordDeps(onStep: (step: ChangePasswordStep) => void): ChangePasswordDeps {
  return {
    derive: deriveCredentials,
    fetchKeys: () => callApi("getKeys"),
    newSaltHex: newVaultSaltHex,
    openAccountKey: async (vaultKey, userId, ownerEncryptedDek) =>
      (await getCryptoClient()).api.unlockAccountKey(vaultKey, userId, ownerEncryptedDek),
    rewrap: async (input) => (await getCryptoClient()).api.rewrapForNewPassword(input),
    postChangePassword: (body) => callApi("changePassword", { body }),
    storeVaultKey: (values) => writeVaultStorage(values),
    onStep,
  };
}
