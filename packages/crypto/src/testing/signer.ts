import {
  dangerouslyExportPkcs8,
  exportSpki,
  generateEd25519KeyPair,
  importEd25519PrivateKey,
} from "../primitives.ts";
import { spkiToPem } from "../public-key.ts";
import type { PublicKeyPem, SigningPrivateKey } from "../types.ts";

export interface TestSigner {
  readonly signingKey: SigningPrivateKey;
  readonly publicPem: PublicKeyPem;
}

/** A fresh Ed25519 key pair, the private half non-extractable as unlockAccount makes it. */
export async function newSigner(): Promise<TestSigner> {
  const pair = await generateEd25519KeyPair();
  const signingKey = (await importEd25519PrivateKey(
    await dangerouslyExportPkcs8(pair.privateKey),
  )) as SigningPrivateKey;
  return { signingKey, publicPem: spkiToPem(await exportSpki(pair.publicKey)) };
}
