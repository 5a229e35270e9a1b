// Types only: no code lives here, so any module (including the worker protocol) can import it for free.

declare const brand: unique symbol;

/** A value of type T that has passed through the function that makes a B. Brands exist only at compile time. */
export type Brand<T, B extends string> = T & { readonly [brand]: B };

/** Bytes backed by a plain ArrayBuffer: what WebCrypto accepts and what can be transferred to a worker. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** The server's vault salt: hex, of which the first 64 characters (32 bytes) are used. */
export type SaltHex = Brand<string, "SaltHex">;

/** Argon2id parameters, as the server states them at prelogin. */
export interface KdfParams {
  readonly algorithm: "argon2id";
  readonly iterations: number;
  readonly memoryKiB: number;
  readonly parallelism: number;
}

/**
 * The 32-byte key stretched from the password. Held as two non-extractable CryptoKeys over the same bytes: one for
 * AES-GCM (it wraps the account key and private keys) and one for HKDF (it derives the auth key). The AES-GCM half is
 * extractable only when the caller asked for it, so that it can be kept in sessionStorage across a reload.
 */
export type VaultKey = Brand<{ readonly aesGcm: CryptoKey; readonly hkdf: CryptoKey }, "VaultKey">;

/** What is sent to the server instead of the password: HKDF-SHA256(vaultKey, "heirloom/auth/v1"), base64url. */
export type AuthKeyB64Url = Brand<string, "AuthKeyB64Url">;

/** The account key (SPEC's ownerEncryptedDek, decrypted): AES-256-GCM, wraps every item DEK for the owner. */
export type AccountKey = Brand<CryptoKey, "AccountKey">;

/** The recovery key: 32 random bytes shown once; two HKDF subkeys: one wraps, one proves possession to the server. */
export type RecoveryKey = Brand<{ readonly wrapKey: CryptoKey; readonly hkdf: CryptoKey }, "RecoveryKey">;

/** RSA-OAEP-4096 private key of a user; unwraps DEKs that owners wrapped for them. */
export type RsaPrivateKey = Brand<CryptoKey, "RsaPrivateKey">;

/** Ed25519 private key of a user; signs document manifests. */
export type SigningPrivateKey = Brand<CryptoKey, "SigningPrivateKey">;

/** A per-document or per-item data key: exactly 32 bytes. */
export type DekBytes = Brand<Bytes, "DekBytes">;

/** A DEK imported for AES-256-GCM (non-extractable); what the file format functions take. */
export type DekKey = Brand<CryptoKey, "DekKey">;

/** PEM "PUBLIC KEY" (SPKI DER, base64 in 64-column lines). */
export type PublicKeyPem = string;

/** A stored AES-GCM blob: "v1.{ivB64}:{ciphertextB64}" (see docs/file-format.md). */
export type SealedBlobString = string;

/** A DEK wrapped for a recipient: "v1.{rsaOaepCiphertextB64}". */
export type RecipientWrappedDek = string;

/** The blobs the server stores for every user; all opaque to it. */
export interface AccountBlobs {
  readonly ownerEncryptedDek: SealedBlobString;
  readonly publicKeyPem: PublicKeyPem;
  readonly encryptedPrivateKey: SealedBlobString;
  readonly signingPublicKeyPem: PublicKeyPem;
  readonly encryptedSigningPrivateKey: SealedBlobString;
}

/** The same secrets wrapped a second time under the recovery key. */
export interface RecoveryBlobs {
  readonly recoveryEncryptedDek: SealedBlobString;
  readonly recoveryEncryptedPrivateKey: SealedBlobString;
  readonly recoveryEncryptedSigningPrivateKey: SealedBlobString;
}

/** The blobs that depend on the vault key, i.e. everything a password change rewrites. */
export type VaultWrappedBlobs = Pick<
  AccountBlobs,
  "ownerEncryptedDek" | "encryptedPrivateKey" | "encryptedSigningPrivateKey"
>;

/** Keys usable in memory after unlocking; every CryptoKey here is non-extractable. */
export interface UnlockedAccount {
  readonly userId: string;
  readonly accountKey: AccountKey;
  readonly privateKey: RsaPrivateKey;
  readonly signingKey: SigningPrivateKey;
  readonly publicKeyPem: PublicKeyPem;
  readonly signingPublicKeyPem: PublicKeyPem;
}

/** Progress of a long operation. `done` and `total` are in the operation's own unit (bytes, steps). */
export interface Progress {
  readonly stage: string;
  readonly done: number;
  readonly total: number;
}

export type OnProgress = (progress: Progress) => void;
