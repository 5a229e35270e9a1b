import { BlobPurpose } from "./aad.ts";
import { equalBytes, utf8Encode } from "./encoding.ts";
import { CryptoError } from "./errors.ts";
import {
  dangerouslyExportPkcs8,
  ed25519Sign,
  ed25519Verify,
  exportSpki,
  generateEd25519KeyPair,
  generateRsaOaepKeyPair,
  importAesGcmKey,
  randomBytes,
  rsaOaepDecrypt,
  rsaOaepEncrypt,
} from "./primitives.ts";
import { decryptPrivateKey, decryptSigningPrivateKey } from "./private-keys.ts";
import { importRecipientPublicKey, importSigningPublicKey, spkiToPem } from "./public-key.ts";
import {
  deriveRecoveryAuthKey,
  formatRecoveryKey,
  generateRecoveryKeyBytes,
  importRecoveryKey,
  parseRecoveryKey,
} from "./recovery-key.ts";
import { openBlob, sealBlob } from "./sealed-blob.ts";
import type {
  AccountBlobs,
  AccountKey,
  Bytes,
  OnProgress,
  RecoveryBlobs,
  SealedBlobString,
  UnlockedAccount,
  VaultKey,
  VaultWrappedBlobs,
} from "./types.ts";

export const ACCOUNT_KEY_BYTES = 32;
const SELF_CHECK_LABEL = "heirloom/self-check/v1";

/** The three secrets of an account, in the clear only inside the functions of this file. */
interface AccountSecrets {
  readonly accountKeyBytes: Bytes;
  readonly rsaPkcs8: Bytes;
  readonly signingPkcs8: Bytes;
}

function wipe(secrets: AccountSecrets): void {
  secrets.accountKeyBytes.fill(0);
  secrets.rsaPkcs8.fill(0);
  secrets.signingPkcs8.fill(0);
}

const VAULT_PURPOSES = {
  accountKey: BlobPurpose.vaultAccountKey,
  rsa: BlobPurpose.vaultRsaPrivateKey,
  signing: BlobPurpose.vaultSigningPrivateKey,
} as const;

const RECOVERY_PURPOSES = {
  accountKey: BlobPurpose.recoveryAccountKey,
  rsa: BlobPurpose.recoveryRsaPrivateKey,
  signing: BlobPurpose.recoverySigningPrivateKey,
} as const;

async function sealSecrets(
  key: CryptoKey,
  purposes: typeof VAULT_PURPOSES | typeof RECOVERY_PURPOSES,
  userId: string,
  secrets: AccountSecrets,
): Promise<[SealedBlobString, SealedBlobString, SealedBlobString]> {
  return Promise.all([
    sealBlob(key, secrets.accountKeyBytes, purposes.accountKey, { userId }),
    sealBlob(key, secrets.rsaPkcs8, purposes.rsa, { userId }),
    sealBlob(key, secrets.signingPkcs8, purposes.signing, { userId }),
  ]);
}

// The SPEC texts apply whichever key opened the blob: the account key is "the DEK" of SPEC, the others are private keys.
async function openSecrets(
  key: CryptoKey,
  purposes: typeof VAULT_PURPOSES | typeof RECOVERY_PURPOSES,
  userId: string,
  blobs: readonly [SealedBlobString, SealedBlobString, SealedBlobString],
): Promise<AccountSecrets> {
  const openPrivate = async (blob: SealedBlobString, purpose: BlobPurpose) => {
    try {
      return await openBlob(key, blob, purpose, { userId });
    } catch {
      throw new CryptoError("privateKeyDecryptionFailed");
    }
  };
  let accountKeyBytes: Bytes;
  try {
    accountKeyBytes = await openBlob(key, blobs[0], purposes.accountKey, { userId });
  } catch {
    throw new CryptoError("dekDecryptionFailed");
  }
  if (accountKeyBytes.length !== ACCOUNT_KEY_BYTES) throw new CryptoError("invalidDekLength");
  const rsaPkcs8 = await openPrivate(blobs[1], purposes.rsa);
  const signingPkcs8 = await openPrivate(blobs[2], purposes.signing);
  return { accountKeyBytes, rsaPkcs8, signingPkcs8 };
}

async function newRecoveryKit(userId: string, secrets: AccountSecrets) {
  const recoveryKeyBytes = generateRecoveryKeyBytes();
  const recoveryKeyText = await formatRecoveryKey(recoveryKeyBytes);
  const recoveryKey = await importRecoveryKey(recoveryKeyBytes);
  recoveryKeyBytes.fill(0);
  const [recoveryEncryptedDek, recoveryEncryptedPrivateKey, recoveryEncryptedSigningPrivateKey] =
    await sealSecrets(recoveryKey.wrapKey, RECOVERY_PURPOSES, userId, secrets);
  const recovery: RecoveryBlobs = {
    recoveryEncryptedDek,
    recoveryEncryptedPrivateKey,
    recoveryEncryptedSigningPrivateKey,
  };
  return { recovery, recoveryKeyText, recoveryAuthKey: await deriveRecoveryAuthKey(recoveryKey) };
}

export interface RecoveryKit {
  readonly recovery: RecoveryBlobs;
  /** Shown once as the printable recovery kit; never sent to the server and never stored by the app. */
  readonly recoveryKeyText: string;
  /** Sent to the server, which stores only a hash, so that a recovery can later prove it holds the recovery key. */
  readonly recoveryAuthKey: string;
}

export interface NewAccountKeys extends RecoveryKit {
  /** What the server stores for the user; every secret in it is encrypted under the vault key. */
  readonly blobs: AccountBlobs;
  readonly unlocked: UnlockedAccount;
}

/**
 * Sign-up step 6 ("the vault and keys are created"): the account key, the RSA-OAEP-4096 and Ed25519 key pairs, all
 * wrapped under the vault key, and a recovery key that wraps the same three secrets a second time.
 */
export async function createAccountKeys(
  vaultKey: VaultKey,
  userId: string,
  onProgress?: OnProgress,
): Promise<NewAccountKeys> {
  const total = 3;
  onProgress?.({ stage: "Generating encryption keys", done: 0, total });
  const [rsa, signing] = await Promise.all([generateRsaOaepKeyPair(), generateEd25519KeyPair()]);
  onProgress?.({ stage: "Encrypting keys", done: 1, total });
  const secrets: AccountSecrets = {
    accountKeyBytes: randomBytes(ACCOUNT_KEY_BYTES),
    rsaPkcs8: await dangerouslyExportPkcs8(rsa.privateKey),
    signingPkcs8: await dangerouslyExportPkcs8(signing.privateKey),
  };
  try {
    const [ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey] = await sealSecrets(
      vaultKey.aesGcm,
      VAULT_PURPOSES,
      userId,
      secrets,
    );
    const blobs: AccountBlobs = {
      ownerEncryptedDek,
      publicKeyPem: spkiToPem(await exportSpki(rsa.publicKey)),
      encryptedPrivateKey,
      signingPublicKeyPem: spkiToPem(await exportSpki(signing.publicKey)),
      encryptedSigningPrivateKey,
    };
    onProgress?.({ stage: "Creating the recovery key", done: 2, total });
    const kit = await newRecoveryKit(userId, secrets);
    // Re-open what was just written, so a fault in any step shows up now rather than at the next sign-in.
    const unlocked = await unlockAccount(vaultKey, userId, blobs);
    onProgress?.({ stage: "Done", done: total, total });
    return { ...kit, blobs, unlocked };
  } finally {
    wipe(secrets);
  }
}

/** Throws 'DEK decryption failed' or 'Invalid DEK length' (SPEC section 8). */
export async function unlockAccountKey(
  vaultKey: VaultKey,
  userId: string,
  ownerEncryptedDek: SealedBlobString,
): Promise<AccountKey> {
  let bytes: Bytes;
  try {
    bytes = await openBlob(vaultKey.aesGcm, ownerEncryptedDek, BlobPurpose.vaultAccountKey, { userId });
  } catch {
    throw new CryptoError("dekDecryptionFailed");
  }
  if (bytes.length !== ACCOUNT_KEY_BYTES) throw new CryptoError("invalidDekLength");
  try {
    return (await importAesGcmKey(bytes, { extractable: false })) as AccountKey;
  } finally {
    bytes.fill(0);
  }
}

// A server that swaps a user's own public key for one it controls would receive every DEK later wrapped "for" that
// user by people who skip the fingerprint check. Proving at unlock that the stored public keys match the private keys
// makes such a swap visible to the user at once.
async function assertKeyPairsMatch(account: UnlockedAccount): Promise<void> {
  const label = utf8Encode(SELF_CHECK_LABEL);
  const probe = randomBytes(32);
  let matches: boolean;
  try {
    const rsaPublic = await importRecipientPublicKey(account.publicKeyPem);
    const echoed = await rsaOaepDecrypt(
      account.privateKey,
      await rsaOaepEncrypt(rsaPublic, probe, label),
      label,
    );
    const signingPublic = await importSigningPublicKey(account.signingPublicKeyPem);
    const signature = await ed25519Sign(account.signingKey, probe);
    matches = equalBytes(echoed, probe) && (await ed25519Verify(signingPublic, signature, probe));
  } catch {
    matches = false;
  }
  if (!matches)
    throw new CryptoError("invalidPublicKey", "the stored public key does not match the private key");
}

/** Sign-in step 4: opens the account key and both private keys; every resulting key is non-extractable. */
export async function unlockAccount(
  vaultKey: VaultKey,
  userId: string,
  blobs: AccountBlobs,
): Promise<UnlockedAccount> {
  const accountKey = await unlockAccountKey(vaultKey, userId, blobs.ownerEncryptedDek);
  const privateKey = await decryptPrivateKey({
    vaultKey,
    userId,
    encryptedPrivateKey: blobs.encryptedPrivateKey,
  });
  const signingKey = await decryptSigningPrivateKey({
    vaultKey,
    userId,
    encryptedPrivateKey: blobs.encryptedSigningPrivateKey,
  });
  const account: UnlockedAccount = {
    userId,
    accountKey,
    privateKey,
    signingKey,
    publicKeyPem: blobs.publicKeyPem,
    signingPublicKeyPem: blobs.signingPublicKeyPem,
  };
  await assertKeyPairsMatch(account);
  return account;
}

function vaultBlobList(blobs: VaultWrappedBlobs) {
  return [blobs.ownerEncryptedDek, blobs.encryptedPrivateKey, blobs.encryptedSigningPrivateKey] as const;
}

async function sealForVault(
  vaultKey: VaultKey,
  userId: string,
  secrets: AccountSecrets,
): Promise<VaultWrappedBlobs> {
  const [ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey] = await sealSecrets(
    vaultKey.aesGcm,
    VAULT_PURPOSES,
    userId,
    secrets,
  );
  return { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey };
}

/**
 * Password change: re-encrypts the three small vault blobs under the new vault key. No document, item DEK or
 * recipient wrap changes, because they hang off the account key and the key pairs, which stay the same.
 */
export async function rewrapForNewPassword(input: {
  readonly userId: string;
  readonly oldVaultKey: VaultKey;
  readonly newVaultKey: VaultKey;
  readonly blobs: VaultWrappedBlobs;
}): Promise<VaultWrappedBlobs> {
  const secrets = await openSecrets(
    input.oldVaultKey.aesGcm,
    VAULT_PURPOSES,
    input.userId,
    vaultBlobList(input.blobs),
  );
  try {
    return await sealForVault(input.newVaultKey, input.userId, secrets);
  } finally {
    wipe(secrets);
  }
}

/** Forgotten password: the recovery key opens the second copies, which are re-encrypted under the new vault key. */
export async function recoverWithRecoveryKey(input: {
  readonly userId: string;
  readonly recoveryKeyText: string;
  readonly recovery: RecoveryBlobs;
  readonly newVaultKey: VaultKey;
}): Promise<VaultWrappedBlobs> {
  const recoveryKey = await importRecoveryKey(await parseRecoveryKey(input.recoveryKeyText));
  const { recoveryEncryptedDek, recoveryEncryptedPrivateKey, recoveryEncryptedSigningPrivateKey } =
    input.recovery;
  const secrets = await openSecrets(recoveryKey.wrapKey, RECOVERY_PURPOSES, input.userId, [
    recoveryEncryptedDek,
    recoveryEncryptedPrivateKey,
    recoveryEncryptedSigningPrivateKey,
  ]);
  try {
    return await sealForVault(input.newVaultKey, input.userId, secrets);
  } finally {
    wipe(secrets);
  }
}

/** The value a recovery presents to the server, computed from the typed recovery key. */
export async function recoveryAuthKeyFromText(recoveryKeyText: string): Promise<string> {
  return deriveRecoveryAuthKey(await importRecoveryKey(await parseRecoveryKey(recoveryKeyText)));
}

/** Replaces the recovery key (the old kit stops working once the server stores the new blobs). */
export async function createRecoveryKit(input: {
  readonly userId: string;
  readonly vaultKey: VaultKey;
  readonly blobs: VaultWrappedBlobs;
}): Promise<RecoveryKit> {
  const secrets = await openSecrets(
    input.vaultKey.aesGcm,
    VAULT_PURPOSES,
    input.userId,
    vaultBlobList(input.blobs),
  );
  try {
    return await newRecoveryKit(input.userId, secrets);
  } finally {
    wipe(secrets);
  }
}
