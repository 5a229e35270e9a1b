// The texts in SPEC.md section 8 are matched exactly by the web app and by tests; never reword them.
export const CryptoErrorMessage = {
  malformedEncryptedPrivateKey: "Malformed encryptedPrivateKey. Expect format: iv:ciphertext",
  privateKeyDecryptionFailed: "Private key decryption failed",
  dekDecryptionFailed: "DEK decryption failed",
  invalidDekLength: "Invalid DEK length",
  missingVaultKeyOrPrivateKey: "Missing vault key or encrypted private key.",
  // Ours, not the spec's: one text per failure a user or a support person may need to tell apart.
  weakKdfParams: "Refusing weak key-derivation parameters",
  unsupportedKdfParams: "Refusing unsupported key-derivation parameters",
  invalidSalt: "Invalid vault salt: expected at least 64 hex characters",
  emptyPassword: "Password must not be empty",
  decryptionFailed: "Decryption failed",
  malformedBlob: "Malformed encrypted value",
  invalidRecoveryKey: "Invalid recovery key: please check for typing mistakes",
  invalidPublicKey: "Invalid public key",
  fileDecryptionFailed: "File decryption failed",
  fileTruncated: "File is truncated",
  fileTooLong: "File has unexpected trailing data",
  fileSizeMismatch: "File size does not match its header",
  invalidManifest: "Invalid manifest",
  invalidContactDetails: "Invalid contact details",
  invalidContactConfirmation: "Invalid contact confirmation",
  invalidPlanDetails: "Invalid plan details",
  invalidItemText: "Invalid letter or drill text",
  invalidPlanStatement: "Invalid plan statement",
} as const;

export type CryptoErrorCode = keyof typeof CryptoErrorMessage;

/**
 * Every failure this package raises on purpose. `message` is what a person may see; `code` is for code. The worker
 * protocol carries both across the thread boundary so a caller cannot tell whether it ran in a worker.
 */
export class CryptoError extends Error {
  readonly code: CryptoErrorCode;

  constructor(code: CryptoErrorCode, detail?: string) {
    super(detail ? `${CryptoErrorMessage[code]}: ${detail}` : CryptoErrorMessage[code]);
    this.name = "CryptoError";
    this.code = code;
  }

  /** Rebuilds an error that crossed a thread boundary, keeping its message exactly. */
  static restore(code: CryptoErrorCode, message: string): CryptoError {
    const error = new CryptoError(code);
    error.message = message;
    return error;
  }
}

export function isCryptoErrorCode(value: unknown): value is CryptoErrorCode {
  return typeof value === "string" && Object.hasOwn(CryptoErrorMessage, value);
}

export function isCryptoError(value: unknown): value is CryptoError {
  return value instanceof CryptoError;
}
