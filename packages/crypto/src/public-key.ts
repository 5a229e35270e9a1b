import { derToPem, pemToDer } from "./encoding.ts";
import { CryptoError } from "./errors.ts";
import { exportSpki, importEd25519PublicKey, importRsaOaepPublicKey, rsaKeyShape } from "./primitives.ts";
import type { Bytes, PublicKeyPem } from "./types.ts";

export const PEM_PUBLIC_KEY_LABEL = "PUBLIC KEY";

export function spkiToPem(spkiDer: Bytes): PublicKeyPem {
  return derToPem(spkiDer, PEM_PUBLIC_KEY_LABEL);
}

export function pemToSpki(publicKeyPem: PublicKeyPem): Bytes {
  try {
    return pemToDer(publicKeyPem, PEM_PUBLIC_KEY_LABEL);
  } catch {
    throw new CryptoError("invalidPublicKey", "expected a PEM PUBLIC KEY");
  }
}

/**
 * Imports a recipient's encryption key, refusing anything but RSA-4096 with e=65537: a server that substitutes a
 * weaker key must be stopped here even before the owner compares fingerprints.
 */
export async function importRecipientPublicKey(publicKeyPem: PublicKeyPem): Promise<CryptoKey> {
  const spki = pemToSpki(publicKeyPem);
  let key: CryptoKey;
  try {
    key = await importRsaOaepPublicKey(spki);
  } catch {
    throw new CryptoError("invalidPublicKey", "not an RSA public key");
  }
  const shape = rsaKeyShape(key);
  if (shape?.modulusLength !== 4096 || shape.publicExponentHex !== "10001") {
    throw new CryptoError("invalidPublicKey", "expected RSA-OAEP 4096, e=65537");
  }
  return key;
}

export async function importSigningPublicKey(signingPublicKeyPem: PublicKeyPem): Promise<CryptoKey> {
  const spki = pemToSpki(signingPublicKeyPem);
  try {
    return await importEd25519PublicKey(spki);
  } catch {
    throw new CryptoError("invalidPublicKey", "not an Ed25519 public key");
  }
}

export async function publicKeyToPem(publicKey: CryptoKey): Promise<PublicKeyPem> {
  return spkiToPem(await exportSpki(publicKey));
}
