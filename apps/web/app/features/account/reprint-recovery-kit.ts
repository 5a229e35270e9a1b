import { accountMessages } from "@heirloom/contract";
import { deriveCredentials } from "#app/features/auth/credentials.ts";
import { type FormProblem, type ReauthInput, reauthenticate } from "#app/features/auth/reauth.ts";
import { getCryptoClient } from "#app/features/session/index.ts";
import { callApi } from "#app/lib/api.ts";

export type ReprintStage = "deriving" | "creating" | "saving";
export const reprintStages: Record<ReprintStage, string> = {
  deriving: "Checking your password",
  creating: "Making a new recovery key",
  saving: "Saving the new kit",
};

/** The stored keys did not open with the typed password's vault key: it is not the current password. */
export const wrongPasswordProblem: FormProblem = {
  message: accountMessages.incorrectPassword,
  field: "password",
};

export class ReprintError extends Error {
  readonly problem: FormProblem;
  constructor(problem: FormProblem) {
    super(problem.message);
    this.name = "ReprintError";
    this.problem = problem;
  }
}

/**
 * A new recovery kit (ADR 028): the password opens the vault-wrapped keys in the crypto worker, which wraps them again
 * under a fresh recovery key; the server gets the new wraps and a key derived from the recovery key, after checking the
 * auth key derived from the password (and the TOTP code when enrolled). The recovery key itself never leaves this page.
 * Once saved, the old kit no longer opens the vault. Failures of the re-authentication reject as features/auth/reauth.ts
 * errors (describeReauthError), a password that does not open the keys as a ReprintError.
 */
export async function reprintRecoveryKit(
  input: ReauthInput & { email: string; userId: string; twoFactorEnabled: boolean },
  onStage: (stage: ReprintStage) => void = () => {},
): Promise<{ recoveryKeyText: string }> {
  onStage("deriving");
  const keys = await callApi("getKeys");
  const { proof, credentials } = await reauthenticate({ derive: deriveCredentials }, input, {
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
    throw new ReprintError(wrongPasswordProblem);
  }
  onStage("saving");
  await callApi("replaceRecoveryKit", {
    body: { ...proof, recovery: kit.recovery, recoveryAuthKey: kit.recoveryAuthKey },
  });
  return { recoveryKeyText: kit.recoveryKeyText };
}
