import {
  base64ToBytes,
  bytesToBase64,
  bytesToBase64Url,
  bytesToHex,
  hexToBytes,
  utf8Encode,
} from "./encoding.ts";
import { CryptoError } from "./errors.ts";
import {
  argon2idBytes,
  dangerouslyExportRawKey,
  hkdfSha256Bytes,
  importAesGcmKey,
  importHkdfKey,
  randomBytes,
} from "./primitives.ts";
import type { AuthKeyB64Url, Bytes, KdfParams, SaltHex, VaultKey } from "./types.ts";

/** SPEC section 9: Argon2id, 3 iterations, 65536 KiB, 1 lane, 32-byte output. Also the floor we accept. */
export const VAULT_KDF_PARAMS: KdfParams = Object.freeze({
  algorithm: "argon2id",
  iterations: 3,
  memoryKiB: 65536,
  parallelism: 1,
});

// Upper bounds protect the browser from a server that asks for a KDF it cannot finish (a tab that freezes or runs
// out of memory is a denial of service on the user's own vault).
const MAX_KDF = { iterations: 64, memoryKiB: 1024 * 1024, parallelism: 16 } as const;

export const VAULT_KEY_BYTES = 32;
export const SALT_HEX_CHARS = 64;
export const AUTH_KEY_INFO = "heirloom/auth/v1";

/**
 * Downgrade protection: the salt and parameters come from the server, which must not be able to make a password
 * cheaper to guess by lowering them. Throws CryptoError("weakKdfParams") below SPEC's parameters.
 */
export function assertKdfParams(params: KdfParams): void {
  const { algorithm, iterations, memoryKiB, parallelism } = params;
  const shown = `(${algorithm}, t=${iterations}, m=${memoryKiB} KiB, p=${parallelism})`;
  if (algorithm !== "argon2id") throw new CryptoError("weakKdfParams", `${shown}; only argon2id is accepted`);
  for (const value of [iterations, memoryKiB, parallelism]) {
    if (!Number.isSafeInteger(value)) throw new CryptoError("unsupportedKdfParams", shown);
  }
  if (iterations < VAULT_KDF_PARAMS.iterations || memoryKiB < VAULT_KDF_PARAMS.memoryKiB || parallelism < 1) {
    throw new CryptoError(
      "weakKdfParams",
      `${shown}; the minimum is t=${VAULT_KDF_PARAMS.iterations}, m=${VAULT_KDF_PARAMS.memoryKiB} KiB, p=1`,
    );
  }
  if (iterations > MAX_KDF.iterations || memoryKiB > MAX_KDF.memoryKiB || parallelism > MAX_KDF.parallelism) {
    throw new CryptoError(
      "unsupportedKdfParams",
      `${shown}; the maximum is t=${MAX_KDF.iterations}, m=${MAX_KDF.memoryKiB} KiB, p=${MAX_KDF.parallelism}`,
    );
  }
}

/** A fresh salt for a new vault key (a new password, a recovery): 32 random bytes as 64 lower-case hex characters. */
export function newVaultSaltHex(): string {
  return bytesToHex(randomBytes(32));
}

/** SPEC: "salt: hex, of which the first 64 characters are used". Those 64 characters are hex-decoded to 32 bytes. */
export function vaultSaltBytes(saltHex: SaltHex | string): Bytes {
  if (typeof saltHex !== "string" || !/^[0-9a-fA-F]{64}/.test(saltHex)) throw new CryptoError("invalidSalt");
  return hexToBytes(saltHex.slice(0, SALT_HEX_CHARS));
}

/** Unicode NFC, then UTF-8: the same password typed on any system gives the same bytes. */
export function passwordBytes(password: string): Bytes {
  if (typeof password !== "string" || password.length === 0) throw new CryptoError("emptyPassword");
  return utf8Encode(password.normalize("NFC"));
}

async function vaultKeyFromBytes(keyBytes: Bytes, extractable: boolean): Promise<VaultKey> {
  const [aesGcm, hkdf] = await Promise.all([
    importAesGcmKey(keyBytes, { extractable }),
    importHkdfKey(keyBytes),
  ]);
  keyBytes.fill(0);
  return { aesGcm, hkdf } as VaultKey;
}

/**
 * The vault key: Argon2id(password, salt). Slow on purpose (about a second in a browser). Pass
 * `{ extractable: true }` only when the key must be kept in sessionStorage across a reload
 * (see dangerouslyExportVaultKeyB64).
 */
export async function deriveVaultKey(
  password: string,
  saltHex: SaltHex | string,
  params: KdfParams = VAULT_KDF_PARAMS,
  options: { extractable?: boolean } = {},
): Promise<VaultKey> {
  assertKdfParams(params);
  const salt = vaultSaltBytes(saltHex);
  const keyBytes = await argon2idBytes(passwordBytes(password), salt, {
    ...params,
    hashLength: VAULT_KEY_BYTES,
  });
  return vaultKeyFromBytes(keyBytes, options.extractable ?? false);
}

/**
 * [Note: Why the auth key is derived from the vault key]
 * The server must be able to check the password without learning anything that decrypts the vault. HKDF is one-way,
 * so the auth key (which the server sees, and stores only as a hash) reveals nothing about the vault key; and it is
 * as expensive to guess as the password itself, because it sits behind the same Argon2id.
 */
export async function deriveAuthKey(vaultKey: VaultKey): Promise<AuthKeyB64Url> {
  const bytes = await hkdfSha256Bytes(vaultKey.hkdf, utf8Encode(AUTH_KEY_INFO), 32);
  return bytesToBase64Url(bytes) as AuthKeyB64Url;
}

/** HAZMAT: the vault key's 32 bytes as base64, for sessionStorage only. Requires an extractable vault key. */
export async function dangerouslyExportVaultKeyB64(vaultKey: VaultKey): Promise<string> {
  return bytesToBase64(await dangerouslyExportRawKey(vaultKey.aesGcm));
}

/** Re-creates a vault key kept by dangerouslyExportVaultKeyB64 (after a reload of the tab). */
export async function importVaultKeyB64(
  vaultKeyB64: string,
  options: { extractable?: boolean } = {},
): Promise<VaultKey> {
  const bytes = base64ToBytes(vaultKeyB64);
  if (bytes.length !== VAULT_KEY_BYTES) throw new Error("A vault key is 32 bytes");
  return vaultKeyFromBytes(bytes, options.extractable ?? false);
}
