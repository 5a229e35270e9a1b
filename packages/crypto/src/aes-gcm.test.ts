import { describe, expect, test } from "vitest";
import { bytesToHex, hexToBytes } from "./encoding.ts";
import { aesGcmDecrypt, aesGcmEncrypt, importAesGcmKey } from "./primitives.ts";

// The GCM specification's test cases with 256-bit keys (McGrew & Viega, "The Galois/Counter Mode of Operation",
// test cases 13-16; the same vectors NIST's GCM validation references).
const VECTORS = [
  {
    name: "test case 13 (empty plaintext)",
    key: "0000000000000000000000000000000000000000000000000000000000000000",
    iv: "000000000000000000000000",
    plaintext: "",
    aad: "",
    ciphertext: "",
    tag: "530f8afbc74536b9a963b4f1c4cb738b",
  },
  {
    name: "test case 14 (one zero block)",
    key: "0000000000000000000000000000000000000000000000000000000000000000",
    iv: "000000000000000000000000",
    plaintext: "00000000000000000000000000000000",
    aad: "",
    ciphertext: "cea7403d4d606b6e074ec5d3baf39d18",
    tag: "d0d1c8a799996bf0265b98b5d48ab919",
  },
  {
    name: "test case 15 (four blocks)",
    key: "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
    iv: "cafebabefacedbaddecaf888",
    plaintext:
      "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255",
    aad: "",
    ciphertext:
      "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad",
    tag: "b094dac5d93471bdec1a502270e3cc6c",
  },
  {
    name: "test case 16 (partial block, additional data)",
    key: "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
    iv: "cafebabefacedbaddecaf888",
    plaintext:
      "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
    aad: "feedfacedeadbeeffeedfacedeadbeefabaddad2",
    ciphertext:
      "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
    tag: "76fc6ece0f4e1768cddf8853bb2d551b",
  },
];

describe("AES-256-GCM known answers", () => {
  for (const v of VECTORS) {
    test(v.name, async () => {
      const key = await importAesGcmKey(hexToBytes(v.key), { extractable: false });
      const sealed = await aesGcmEncrypt(key, hexToBytes(v.iv), hexToBytes(v.plaintext), hexToBytes(v.aad));
      expect(bytesToHex(sealed)).toBe(v.ciphertext + v.tag);
      const opened = await aesGcmDecrypt(key, hexToBytes(v.iv), sealed, hexToBytes(v.aad));
      expect(bytesToHex(opened)).toBe(v.plaintext);
    });
  }

  test("a wrong tag, iv or additional data is rejected", async () => {
    const v = VECTORS[3] as (typeof VECTORS)[number];
    const key = await importAesGcmKey(hexToBytes(v.key), { extractable: false });
    const sealed = hexToBytes(v.ciphertext + v.tag);
    const badTag = sealed.slice();
    badTag[badTag.length - 1] = (badTag.at(-1) as number) ^ 0x80;
    await expect(aesGcmDecrypt(key, hexToBytes(v.iv), badTag, hexToBytes(v.aad))).rejects.toThrow();
    await expect(
      aesGcmDecrypt(key, hexToBytes("cafebabefacedbaddecaf889"), sealed, hexToBytes(v.aad)),
    ).rejects.toThrow();
    await expect(aesGcmDecrypt(key, hexToBytes(v.iv), sealed, hexToBytes(`${v.aad}00`))).rejects.toThrow();
  });

  test("iv sizes other than 12 bytes are refused", async () => {
    const key = await importAesGcmKey(new Uint8Array(32), { extractable: false });
    await expect(
      aesGcmEncrypt(key, new Uint8Array(16), new Uint8Array(1), new Uint8Array(0)),
    ).rejects.toThrow("AES-GCM iv must be 12 bytes");
  });
});
