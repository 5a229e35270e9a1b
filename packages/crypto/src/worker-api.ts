import {
  createAccountKeys,
  createRecoveryKit,
  recoverWithRecoveryKey,
  recoveryAuthKeyFromText,
  rewrapForNewPassword,
  unlockAccount,
  unlockAccountKey,
} from "./account.ts";
import { signContactConfirmation, verifyContactConfirmation } from "./contact-confirmation.ts";
import { openContactDetails, sealContactDetails } from "./contact-details.ts";
import {
  decryptEncryptedDek,
  generateDek,
  generateEncryptedDek,
  importDekKey,
  unwrapDekForOwner,
  unwrapDekForRecipient,
  wrapDekForOwner,
  wrapDekForRecipient,
} from "./dek.ts";
import {
  type ChunkInput,
  decryptFileChunk,
  decryptFileHeader,
  encryptFileChunk,
  encryptFileHeader,
  newNoncePrefix,
  sealFileChunk,
} from "./file-format.ts";
import { fingerprintPhrase, publicKeyFingerprintHex } from "./fingerprint.ts";
import { openItemText, sealItemText } from "./item-text.ts";
import { dangerouslyExportVaultKeyB64, deriveAuthKey, deriveVaultKey, importVaultKeyB64 } from "./kdf.ts";
import {
  ciphertextDigestHex,
  manifestContentDigestHex,
  sha256HexOfText,
  signManifest,
  verifyManifest,
} from "./manifest.ts";
import { openPlanDetails, sealPlanDetails } from "./plan-details.ts";
import { signPlanStatement, verifyPlanStatement } from "./plan-statement.ts";
import { sha256OfParts } from "./primitives.ts";
import { decryptPrivateKey, decryptSigningPrivateKey } from "./private-keys.ts";
import { runCryptoSelfTest } from "./self-test.ts";
import type { Bytes, DekKey } from "./types.ts";

/** A chunk encrypted for a stream; the plaintext buffer comes back too, so the caller can reuse it. */
async function sealStreamChunk(
  dekKey: DekKey,
  input: ChunkInput & { readonly noncePrefix: Bytes; readonly plaintext: Bytes },
  withDigest: boolean,
) {
  const sealed = await sealFileChunk(dekKey, input);
  const digest = withDigest ? await sha256OfParts([sealed.nonce, sealed.ciphertext]) : undefined;
  return { sealed, digest, plaintext: input.plaintext };
}

async function openStreamChunk(dekKey: DekKey, input: ChunkInput & { readonly chunkObject: Bytes }) {
  return { plaintext: await decryptFileChunk(dekKey, input), chunkObject: input.chunkObject };
}

/** Everything the crypto worker runs. The client offers each of these with the same arguments, returning a Promise. */
export const cryptoWorkerApi = {
  deriveVaultKey,
  deriveAuthKey,
  importVaultKeyB64,
  dangerouslyExportVaultKeyB64,
  createAccountKeys,
  unlockAccount,
  unlockAccountKey,
  rewrapForNewPassword,
  recoverWithRecoveryKey,
  recoveryAuthKeyFromText,
  createRecoveryKit,
  decryptPrivateKey,
  decryptSigningPrivateKey,
  generateDek,
  importDekKey,
  wrapDekForOwner,
  unwrapDekForOwner,
  wrapDekForRecipient,
  unwrapDekForRecipient,
  generateEncryptedDek,
  decryptEncryptedDek,
  encryptFileHeader,
  decryptFileHeader,
  encryptFileChunk,
  decryptFileChunk,
  newNoncePrefix,
  sealStreamChunk,
  openStreamChunk,
  signManifest,
  verifyManifest,
  ciphertextDigestHex,
  fingerprintPhrase,
  publicKeyFingerprintHex,
  sealContactDetails,
  openContactDetails,
  signContactConfirmation,
  verifyContactConfirmation,
  sealPlanDetails,
  openPlanDetails,
  sealItemText,
  openItemText,
  manifestContentDigestHex,
  sha256HexOfText,
  signPlanStatement,
  verifyPlanStatement,
  runCryptoSelfTest,
} as const;

export type CryptoWorkerApi = typeof cryptoWorkerApi;
export type CryptoWorkerMethod = keyof CryptoWorkerApi;

/** The API as seen from the page: same names and arguments; every result is a Promise. */
export type RemoteCryptoApi = {
  readonly [K in CryptoWorkerMethod]: (
    ...args: Parameters<CryptoWorkerApi[K]>
  ) => Promise<Awaited<ReturnType<CryptoWorkerApi[K]>>>;
};
