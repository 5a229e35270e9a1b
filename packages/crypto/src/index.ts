// @heirloom/crypto: the only code in Heirloom that touches keys. docs/architecture.md draws the key hierarchy;
// docs/file-format.md specifies every byte this package writes. Run it off the main thread with startCryptoWorkers().
//
// Sign-up:   deriveVaultKey -> deriveAuthKey (sent to the server) -> createAccountKeys (blobs stored by the server)
// Sign-in:   deriveVaultKey -> deriveAuthKey -> unlockAccount(blobs) -> UnlockedAccount (non-extractable keys)
// Password:  rewrapForNewPassword; forgotten password: recoverWithRecoveryKey
// Documents: generateDek -> wrapDekForOwner / wrapDekForRecipient -> importDekKey -> createFileEncryptor -> signManifest
// Legacy:    fingerprintPhrase (confirm a contact) -> signContactConfirmation; before wrapping to a contact,
//            verifyContactConfirmation -> wrapDekForRecipient -> signManifest -> signPlanStatement.
//            Recipient: verifyPlanStatement -> unwrapDekForRecipient -> verifyManifest -> createFileDecryptor / openItemText

// The account: account key, key pairs, recovery key.
export {
  createAccountKeys,
  createRecoveryKit,
  type NewAccountKeys,
  type RecoveryKit,
  recoverWithRecoveryKey,
  recoveryAuthKeyFromText,
  rewrapForNewPassword,
  unlockAccount,
  unlockAccountKey,
} from "./account.ts";
// Legacy contacts: the owner's sealed notes on them, and the signed record of confirming their key.
export {
  CONTACT_CONFIRMATION_FORMAT_V1,
  type ContactConfirmation,
  canonicalContactConfirmationBytes,
  signContactConfirmation,
  verifyContactConfirmation,
} from "./contact-confirmation.ts";
export {
  CONTACT_DETAILS_MAX_BYTES,
  type ContactDetails,
  type ContactDetailsContext,
  contactDetailsItemId,
  openContactDetails,
  sealContactDetails,
} from "./contact-details.ts";
export { contentTypeForName, DEFAULT_CONTENT_TYPE } from "./content-type.ts";
// Item data keys.
export {
  DEK_BYTES,
  decryptEncryptedDek,
  generateDek,
  generateEncryptedDek,
  type ItemContext,
  importDekKey,
  unwrapDekForOwner,
  unwrapDekForRecipient,
  wrapDekForOwner,
  wrapDekForRecipient,
} from "./dek.ts";
export {
  base64ToBytes,
  base64UrlToBytes,
  bytesToBase64,
  bytesToBase64Url,
  bytesToHex,
  hexToBytes,
  utf8Decode,
  utf8Encode,
} from "./encoding.ts";
export { CryptoError, type CryptoErrorCode, CryptoErrorMessage, isCryptoError } from "./errors.ts";
// Encrypted files.
export {
  chunkCountFor,
  chunkObjectBytes,
  chunkObjectLength,
  DEFAULT_CHUNK_SIZE,
  decryptFileChunk,
  decryptFileHeader,
  encryptedFileLength,
  encryptFileChunk,
  encryptFileHeader,
  type FileHeader,
  type SealedChunk,
} from "./file-format.ts";
export {
  chunkObjectsStream,
  createFileDecryptor,
  createFileEncryptor,
  type EncryptedChunk,
  type FileDecryptor,
  type FileEncryptOptions,
  type FileEncryptor,
  type StreamOptions,
} from "./file-stream.ts";
export { FINGERPRINT_PHRASE_WORDS, fingerprintPhrase, publicKeyFingerprintHex } from "./fingerprint.ts";
// Letters and drills: text under the item's own DEK.
export {
  ITEM_TEXT_MAX_LENGTH,
  type ItemTextContext,
  type ItemTextPurpose,
  openItemText,
  sealItemText,
} from "./item-text.ts";
// Password -> vault key -> auth key.
export {
  assertKdfParams,
  dangerouslyExportVaultKeyB64,
  deriveAuthKey,
  deriveVaultKey,
  importVaultKeyB64,
  newVaultSaltHex,
  VAULT_KDF_PARAMS,
} from "./kdf.ts";
// Manifests and fingerprints.
export {
  canonicalManifestBytes,
  ciphertextDigestHex,
  type DocumentManifest,
  digestBytes,
  digestHex,
  type ManifestRecipient,
  manifestContentDigestHex,
  type SignedManifest,
  sha256HexOfText,
  signManifest,
  verifyManifest,
} from "./manifest.ts";
// Legacy plans: the owner's sealed settings, and the signed statement of what each recipient receives.
export {
  openPlanDetails,
  PLAN_DETAILS_MAX_BYTES,
  type PlanContext,
  type PlanDetails,
  sealPlanDetails,
} from "./plan-details.ts";
export {
  canonicalPlanStatementBytes,
  PLAN_STATEMENT_FORMAT_V1,
  type PlanStatement,
  type PlanStatementItem,
  type PlanStatementItemKind,
  type PlanStatementKind,
  type PlanStatementRecipient,
  type SignedPlanStatement,
  signPlanStatement,
  verifyPlanStatement,
} from "./plan-statement.ts";
export {
  decryptPrivateKey,
  decryptSigningPrivateKey,
  type EncryptedPrivateKeyInput,
} from "./private-keys.ts";
export { normalizeRecoveryKeyText } from "./recovery-key.ts";
export { splitIvCiphertext } from "./sealed-blob.ts";
// Timings for the /tester page.
export { type CryptoSelfTestResult, runCryptoSelfTest } from "./self-test.ts";
export type {
  AccountBlobs,
  AccountKey,
  AuthKeyB64Url,
  Bytes,
  DekBytes,
  DekKey,
  KdfParams,
  OnProgress,
  Progress,
  PublicKeyPem,
  RecipientWrappedDek,
  RecoveryBlobs,
  RsaPrivateKey,
  SaltHex,
  SealedBlobString,
  SigningPrivateKey,
  UnlockedAccount,
  VaultKey,
  VaultWrappedBlobs,
} from "./types.ts";
// SPEC section 5 validators and storage formats.
export {
  type DataUrlParts,
  isBase64,
  isBase64Url,
  isDataUrl,
  isValidRetryTime,
  isValidVaultKey,
  isValidVaultSalt,
  parseDataUrl,
} from "./validators.ts";
// Off the main thread.
export type { RemoteCryptoApi } from "./worker-api.ts";
export {
  type CryptoWorkerClient,
  createCryptoWorkerClient,
  defaultWorkerCount,
  startCryptoWorkers,
} from "./worker-client.ts";
export type { MessageEndpoint } from "./worker-protocol.ts";
