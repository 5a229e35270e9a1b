import { createHash, generateKeyPairSync } from "node:crypto";
import { describe, expect, test } from "vitest";
import { FINGERPRINT_PHRASE_WORDS, fingerprintPhrase, publicKeyFingerprintHex } from "./fingerprint.ts";
import { FINGERPRINT_WORDS } from "./wordlist.ts";

describe("fingerprint phrase", () => {
  test("the word list: 2048 distinct lower-case words of 3 to 7 letters, pinned by hash", () => {
    expect(FINGERPRINT_WORDS).toHaveLength(2048);
    expect(new Set(FINGERPRINT_WORDS).size).toBe(2048);
    expect(FINGERPRINT_WORDS.every((w) => /^[a-z]{3,7}$/.test(w))).toBe(true);
    expect([...FINGERPRINT_WORDS].sort()).toEqual(FINGERPRINT_WORDS);
    // Changing the list would change every phrase users have already compared. This hash must never change.
    expect(createHash("sha256").update(FINGERPRINT_WORDS.join("\n")).digest("hex")).toBe(
      "dfbff94775f84abc16fa898f611aaf451d0fa288de37351b0151fcfd1388e9ef",
    );
  });

  test("six words from the first 66 bits of SHA-256(SPKI DER), computed independently", async () => {
    const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = publicKey.export({ type: "spki", format: "pem" }).toString();
    const digest = createHash("sha256")
      .update(publicKey.export({ type: "spki", format: "der" }))
      .digest();
    expect(await publicKeyFingerprintHex(pem)).toBe(digest.toString("hex"));
    const bits = [...digest].map((b) => b.toString(2).padStart(8, "0")).join("");
    const expected = Array.from(
      { length: 6 },
      (_, i) => FINGERPRINT_WORDS[Number.parseInt(bits.slice(i * 11, i * 11 + 11), 2)],
    );
    expect(await fingerprintPhrase(pem)).toBe(expected.join(" "));
    expect(FINGERPRINT_PHRASE_WORDS).toBe(6);
  });

  test("different keys give different phrases; the same key always the same phrase", async () => {
    const phrases = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const pem = generateKeyPairSync("ed25519").publicKey.export({ type: "spki", format: "pem" }).toString();
      const phrase = await fingerprintPhrase(pem);
      expect(await fingerprintPhrase(pem)).toBe(phrase);
      phrases.add(phrase);
    }
    expect(phrases.size).toBe(5);
  });

  test("a non-PEM input is refused", async () => {
    await expect(fingerprintPhrase("hello")).rejects.toThrow("Invalid public key");
  });
});
