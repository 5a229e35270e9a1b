import { accountMessages, apiRoutes, type KeysResponse } from "@heirloom/contract";
import { ApiError, apiRequest } from "../../lib/api.ts";
import { deriveCredentials } from "../auth/credentials.ts";
import { getCryptoClient } from "../session/index.ts";
import { replaceRecoveryKit } from "./account-api.ts";

export type ReprintStage = "deriving" | "creating" | "saving";
export const reprintStages: Record<ReprintStage, string> = {
  deriving: "Checking your password",
  creating: "Making a new recovery key",
  saving: "Saving the new kit",
};

export class ReprintError extends Error {
  /** The field the message belongs to, when it is about one. */
  readonly field: "password" | "totpCode" | null;
  constructor(message: string, field: "password" | "totpCode" | null = null) {
    super(message);
    this.name = "ReprintError";
    this.field = field;
  }
}

/**
 * A new recovery kit (docs/architecture.md "Key hierarchy"): the password opens the vault-wrapped keys in the crypto
 * worker, which wraps them again under a fresh recovery key; the server gets the new wraps and a key derived from
 * the recovery key, after checking the auth key derived from the password (and the TOTP code when enrolled). The
 * recovery key itself never leaves this page. Once saved, the old kit no longer opens the vault.
 */
export async function reprintRecoveryKit(
  input: { email: string; userId: string; password: string; totpCode?: string | undefined },
  onStage: (stage: ReprintStage) => void = () => {},
): Promise<{ recoveryKeyText: string }> {
  onStage("deriving");
  const keys = await apiRequest<KeysResponse>(apiRoutes.keys);
  const credentials = await deriveCredentials(input.email, input.password, {
    saltHex: keys.saltHex,
    kdf: keys.kdf,
  });
  onStage("creating");
  const crypto = await getCryptoClient();
  let kit: Awaited<ReturnType<typeof crypto.api.createRecoveryKit>>;
  try {
    kit = await crypto.api.createRecoveryKit({
      userId: input.userId,
      vaultKey: credentials.vaultKey,
      blobs: {
        ownerEncryptedDek: keys.blobs.ownerEncryptedDek,
        encryptedPrivateKey: keys.blobs.encryptedPrivateKey,
        encryptedSigningPrivateKey: keys.blobs.encryptedSigningPrivateKey,
      },
    });
  } catch {
    // The stored keys did not open with this password's vault key: the password is not the current one.
    throw new ReprintError(accountMessages.incorrectPassword, "password");
  }
  onStage("saving");
  try {
    await replaceRecoveryKit({
      currentAuthKey: credentials.authKey,
      ...(input.totpCode ? { totpCode: input.totpCode } : {}),
      recovery: kit.recovery,
      recoveryAuthKey: kit.recoveryAuthKey,
    });
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.fields.totpCode) throw new ReprintError(error.fields.totpCode, "totpCode");
      if (error.message === accountMessages.invalidTotp) throw new ReprintError(error.message, "totpCode");
      if (error.message === accountMessages.incorrectPassword)
        throw new ReprintError(error.message, "password");
      if (error.code === "rate_limited") throw new ReprintError(accountMessages.tooManyAttempts);
      if (error.code === "network") throw new ReprintError(error.message);
    }
    throw new ReprintError(
      "Your new recovery kit could not be saved. Your old kit still works. Please try again.",
    );
  }
  return { recoveryKeyText: kit.recoveryKeyText };
}
