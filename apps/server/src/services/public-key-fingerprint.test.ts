import { createHash, createPublicKey, generateKeyPairSync, randomBytes } from "node:crypto";
import {
  publicKeyFingerprintHex as browserFingerprintHex,
  createAccountKeys,
  importVaultKeyB64,
} from "@heirloom/crypto";
import { describe, expect, it } from "vitest";
import { publicKeyFingerprintHex } from "./public-key-fingerprint.ts";

// [Note: The server's fingerprint is the browser's] The server flags changed keys and refuses stale confirmations
// with its own fingerprint; if it ever computed another value than packages/crypto, owners would be told keys changed
// that did not, or not told of keys that did.

describe("the server's public key fingerprint", () => {
  it("equals packages/crypto's for the key pairs the browser makes (RSA-OAEP 4096 and Ed25519)", async () => {
    const vaultKey = await importVaultKeyB64(randomBytes(32).toString("base64"));
    const { blobs } = await createAccountKeys(vaultKey, "user-fingerprint");
    for (const pem of [blobs.publicKeyPem, blobs.signingPublicKeyPem]) {
      const server = publicKeyFingerprintHex(pem);
      expect(server).toMatch(/^[0-9a-f]{64}$/);
      expect(server).toBe(await browserFingerprintHex(pem));
      // And it is SHA-256 of the key's SPKI DER, as node:crypto encodes the same key.
      const der = createPublicKey(pem).export({ type: "spki", format: "der" });
      expect(server).toBe(createHash("sha256").update(der).digest("hex"));
    }
  });

  it("agrees with packages/crypto on PEM written by other tools (CRLF, no final newline)", async () => {
    const { publicKey } = generateKeyPairSync("ed25519");
    const pem = publicKey.export({ type: "spki", format: "pem" }).toString();
    for (const variant of [pem, pem.replace(/\n/g, "\r\n"), pem.trimEnd()]) {
      expect(publicKeyFingerprintHex(variant)).toBe(await browserFingerprintHex(variant));
    }
  });

  it("tells two keys apart and refuses what is not a PEM public key", () => {
    const one = generateKeyPairSync("ed25519").publicKey.export({ type: "spki", format: "pem" }).toString();
    const two = generateKeyPairSync("ed25519").publicKey.export({ type: "spki", format: "pem" }).toString();
    expect(publicKeyFingerprintHex(one)).not.toBe(publicKeyFingerprintHex(two));
    expect(() => publicKeyFingerprintHex("not a key")).toThrow();
    expect(() => publicKeyFingerprintHex(one.replace("PUBLIC KEY", "PRIVATE KEY"))).toThrow();
  });
});
