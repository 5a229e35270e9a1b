import { BlobPurpose } from "./aad.ts";
import { CryptoError } from "./errors.ts";
import { importEd25519PrivateKey, importRsaOaepPrivateKey } from "./primitives.ts";
import { openBlob, splitIvCiphertext } from "./sealed-blob.ts";
import type { RsaPrivateKey, SealedBlobString, SigningPrivateKey, VaultKey } from "./types.ts";

export interface EncryptedPrivateKeyInput {
  readonly vaultKey: VaultKey | null | undefined;
  readonly encryptedPrivateKey: SealedBlobString | null | undefined;
  readonly userId: string;
}

type Unwrapper = { readonly key: CryptoKey; readonly purpose: BlobPurpose };

// SPEC section 8 fixes three texts for this path, checked in this order: missing inputs, wrong shape, and then a
// single text for every other failure (wrong key, tampering, wrong field, wrong user, bad pkcs8), so that the error
// tells an attacker nothing about which check failed.
async function openPrivateKey<T>(
  input: EncryptedPrivateKeyInput,
  purpose: BlobPurpose,
  importer: (pkcs8: Uint8Array<ArrayBuffer>) => Promise<CryptoKey>,
): Promise<T> {
  if (!input.vaultKey || !input.encryptedPrivateKey) throw new CryptoError("missingVaultKeyOrPrivateKey");
  if (!splitIvCiphertext(input.encryptedPrivateKey)) throw new CryptoError("malformedEncryptedPrivateKey");
  return openPkcs8(
    { key: input.vaultKey.aesGcm, purpose },
    input.encryptedPrivateKey,
    input.userId,
    importer,
  );
}

async function openPkcs8<T>(
  unwrapper: Unwrapper,
  blob: SealedBlobString,
  userId: string,
  importer: (pkcs8: Uint8Array<ArrayBuffer>) => Promise<CryptoKey>,
): Promise<T> {
  try {
    const pkcs8 = await openBlob(unwrapper.key, blob, unwrapper.purpose, { userId });
    try {
      return (await importer(pkcs8)) as T;
    } finally {
      pkcs8.fill(0);
    }
  } catch {
    throw new CryptoError("privateKeyDecryptionFailed");
  }
}

/** SPEC's decryptPrivateKey: the RSA private key (pkcs8) from encryptedPrivateKey, as a non-extractable key. */
export async function decryptPrivateKey(input: EncryptedPrivateKeyInput): Promise<RsaPrivateKey> {
  return openPrivateKey<RsaPrivateKey>(input, BlobPurpose.vaultRsaPrivateKey, importRsaOaepPrivateKey);
}

/** The Ed25519 signing key from encryptedSigningPrivateKey; same errors as decryptPrivateKey. */
export async function decryptSigningPrivateKey(input: EncryptedPrivateKeyInput): Promise<SigningPrivateKey> {
  return openPrivateKey<SigningPrivateKey>(
    input,
    BlobPurpose.vaultSigningPrivateKey,
    importEd25519PrivateKey,
  );
}
