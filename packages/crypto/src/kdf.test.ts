import { argon2, hkdfSync } from "node:crypto";
import { promisify } from "node:util";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { base64UrlToBytes, bytesToHex, hexToBytes, utf8Encode } from "./encoding.ts";
import { CryptoError, CryptoErrorMessage } from "./errors.ts";
import {
  assertKdfParams,
  dangerouslyExportVaultKeyB64,
  deriveAuthKey,
  deriveVaultKey,
  importVaultKeyB64,
  newVaultSaltHex,
  VAULT_KDF_PARAMS,
  vaultSaltBytes,
} from "./kdf.ts";
import { argon2idBytes, argon2idBytesWithoutSimd } from "./primitives.ts";
import type { KdfParams } from "./types.ts";

const nodeArgon2 = promisify(argon2);

// phc-winner-argon2 src/test.c, Argon2id, version 0x13, 32-byte tags, password/salt as ASCII.
const REFERENCE_VECTORS = [
  {
    t: 2,
    m: 1 << 16,
    p: 1,
    password: "password",
    salt: "somesalt",
    hex: "09316115d5cf24ed5a15a31a3ba326e5cf32edc24702987c02b6566f61913cf7",
  },
  {
    t: 2,
    m: 1 << 8,
    p: 1,
    password: "password",
    salt: "somesalt",
    hex: "9dfeb910e80bad0311fee20f9c0e2b12c17987b4cac90c2ef54d5b3021c68bfe",
  },
  {
    t: 2,
    m: 1 << 8,
    p: 2,
    password: "password",
    salt: "somesalt",
    hex: "6d093c501fd5999645e0ea3bf620d7b8be7fd2db59c20d9fff9539da2bf57037",
  },
  {
    t: 1,
    m: 1 << 16,
    p: 1,
    password: "password",
    salt: "somesalt",
    hex: "f6a5adc1ba723dddef9b5ac1d464e180fcd9dffc9d1cbf76cca2fed795d9ca98",
  },
  {
    t: 2,
    m: 1 << 16,
    p: 1,
    password: "differentpassword",
    salt: "somesalt",
    hex: "0b84d652cf6b0c4beaef0dfe278ba6a80df6696281d7e0d2891b817d8c458fde",
  },
  {
    t: 2,
    m: 1 << 16,
    p: 1,
    password: "password",
    salt: "diffsalt",
    hex: "bdf32b05ccc42eb15d58fd19b1f856b113da1e9a5874fdcc544308565aa8141c",
  },
] as const;

describe("Argon2id known answers", () => {
  for (const v of REFERENCE_VECTORS) {
    test(`reference vector t=${v.t} m=${v.m} p=${v.p} ${v.password}/${v.salt}: ours (both paths) and node:crypto agree`, async () => {
      const params = { iterations: v.t, memoryKiB: v.m, parallelism: v.p, hashLength: 32 };
      const ours = await argon2idBytes(utf8Encode(v.password), utf8Encode(v.salt), params);
      expect(bytesToHex(ours)).toBe(v.hex);
      const fallback = await argon2idBytesWithoutSimd(utf8Encode(v.password), utf8Encode(v.salt), params);
      expect(bytesToHex(fallback)).toBe(v.hex);
      const native = await nodeArgon2("argon2id", {
        message: v.password,
        nonce: v.salt,
        passes: v.t,
        memory: v.m,
        parallelism: v.p,
        tagLength: 32,
      });
      expect(native.toString("hex")).toBe(v.hex);
    });
  }

  test("RFC 9106 section 5.3 (secret and associated data) through node:crypto, which our checks rely on", async () => {
    // Our libraries are called without associated data, so this vector pins the native implementation that the
    // property test below uses as the reference for argon2idBytes.
    const tag = await nodeArgon2("argon2id", {
      message: Buffer.alloc(32, 0x01),
      nonce: Buffer.alloc(16, 0x02),
      secret: Buffer.alloc(8, 0x03),
      associatedData: Buffer.alloc(12, 0x04),
      passes: 3,
      memory: 32,
      parallelism: 4,
      tagLength: 32,
    });
    expect(tag.toString("hex")).toBe("0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659");
  });

  for (const [name, argon2id] of [
    ["argon2idBytes (reference code, WebAssembly SIMD)", argon2idBytes],
    ["argon2idBytesWithoutSimd (hash-wasm, the fallback)", argon2idBytesWithoutSimd],
  ] as const) {
    test(`${name} equals node:crypto on random passwords, salts and small parameters`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.uint8Array({ minLength: 1, maxLength: 64 }), // hash-wasm refuses an empty password; so do we
          fc.uint8Array({ minLength: 8, maxLength: 48 }),
          fc.integer({ min: 1, max: 3 }),
          fc.integer({ min: 1, max: 4 }),
          fc.integer({ min: 0, max: 64 }),
          async (password, salt, t, p, extraKiB) => {
            const m = 8 * p + extraKiB;
            const ours = await argon2id(password, salt, {
              iterations: t,
              memoryKiB: m,
              parallelism: p,
              hashLength: 32,
            });
            const native = await nodeArgon2("argon2id", {
              message: password,
              nonce: salt,
              passes: t,
              memory: m,
              parallelism: p,
              tagLength: 32,
            });
            expect(bytesToHex(ours)).toBe(native.toString("hex"));
          },
        ),
        { numRuns: 40 },
      );
    });
  }
});

describe("Argon2id through the reference WebAssembly ([Note: Argon2id runs in the reference code...])", () => {
  const cases = [
    { what: "a one-byte password", password: new Uint8Array([0x05]), salt: 16, t: 1, m: 64, p: 1 },
    {
      what: "a non-ASCII password (the package's own wrapper would truncate it)",
      password: utf8Encode("pässwörd ✓ 🔑"),
      salt: 16,
      t: 1,
      m: 64,
      p: 1,
    },
    { what: "m not a multiple of 4p", password: 16, salt: 16, t: 1, m: 66555, p: 4 },
    {
      what: "m above 64 MiB (the instance grows, then is dropped)",
      password: 16,
      salt: 16,
      t: 1,
      m: 131072,
      p: 1,
    },
    { what: "the vault's parameters, in a new instance", password: 64, salt: 32, t: 3, m: 65536, p: 1 },
    {
      what: "the vault's parameters again, in the kept instance",
      password: 64,
      salt: 32,
      t: 3,
      m: 65536,
      p: 1,
    },
  ] as const;
  for (const c of cases) {
    test(`${c.what}: equals node:crypto`, async () => {
      const password = typeof c.password === "number" ? new Uint8Array(c.password).fill(0xa5) : c.password;
      const salt = new Uint8Array(c.salt).fill(0x5a);
      const params = { iterations: c.t, memoryKiB: c.m, parallelism: c.p, hashLength: 32 };
      const ours = await argon2idBytes(password, salt, params);
      const native = await nodeArgon2("argon2id", {
        message: password,
        nonce: salt,
        passes: c.t,
        memory: c.m,
        parallelism: c.p,
        tagLength: 32,
      });
      expect(bytesToHex(ours)).toBe(native.toString("hex"));
    });
  }

  test("refuses an empty password and a salt under 8 bytes, as hash-wasm did", async () => {
    const params = { iterations: 1, memoryKiB: 64, parallelism: 1, hashLength: 32 };
    await expect(argon2idBytes(new Uint8Array(0), new Uint8Array(16), params)).rejects.toThrow(/empty/);
    await expect(argon2idBytes(new Uint8Array(16), new Uint8Array(7), params)).rejects.toThrow(
      /Salt is too short/,
    );
    // The instance survives a refused call.
    const ours = await argon2idBytes(new Uint8Array(16), new Uint8Array(16), params);
    expect(ours.length).toBe(32);
  });
});

describe("vault key and auth key", () => {
  const saltHex = `${"0123456789abcdef".repeat(4)}ffff-ignored-after-64`;

  test("the vault key is Argon2id(NFC(password) as UTF-8, first 64 salt hex chars decoded), checked against node:crypto", async () => {
    const decomposed = "cafe\u0301 pa\u0308ssword"; // "café pässword" typed with combining marks
    const vaultKey = await deriveVaultKey(decomposed, saltHex, VAULT_KDF_PARAMS, { extractable: true });
    const expected = await nodeArgon2("argon2id", {
      message: Buffer.from(decomposed.normalize("NFC"), "utf8"),
      nonce: Buffer.from(saltHex.slice(0, 64), "hex"),
      passes: 3,
      memory: 65536,
      parallelism: 1,
      tagLength: 32,
    });
    expect(await dangerouslyExportVaultKeyB64(vaultKey)).toBe(expected.toString("base64"));
    // The composed spelling derives the same key.
    const composed = await deriveVaultKey("café pässword", saltHex.toUpperCase().slice(0, 64));
    expect(await deriveAuthKey(composed)).toBe(await deriveAuthKey(vaultKey));

    const authKey = await deriveAuthKey(vaultKey);
    const expectedAuth = Buffer.from(hkdfSync("sha256", expected, Buffer.alloc(0), "heirloom/auth/v1", 32));
    expect(Buffer.from(base64UrlToBytes(authKey))).toEqual(expectedAuth);
    expect(authKey).not.toContain("=");
  });

  test("the vault key is non-extractable unless asked", async () => {
    const vaultKey = await importVaultKeyB64(Buffer.alloc(32, 9).toString("base64"));
    expect(vaultKey.aesGcm.extractable).toBe(false);
    await expect(dangerouslyExportVaultKeyB64(vaultKey)).rejects.toThrow();
  });

  test.each([
    ["too short", "abcdef"],
    ["63 hex characters", "a".repeat(63)],
    ["not hex", `${"g".repeat(64)}`],
    ["hex after a non-hex prefix", `x${"a".repeat(64)}`],
  ])("refuses a salt that is %s", async (_why, salt) => {
    await expect(deriveVaultKey("pw", salt)).rejects.toThrow(CryptoErrorMessage.invalidSalt);
  });

  test("refuses an empty password", async () => {
    await expect(deriveVaultKey("", "a".repeat(64))).rejects.toThrow(CryptoErrorMessage.emptyPassword);
  });
});

describe("downgrade protection", () => {
  const weak: [string, KdfParams][] = [
    ["t=2", { ...VAULT_KDF_PARAMS, iterations: 2 }],
    ["m=65535", { ...VAULT_KDF_PARAMS, memoryKiB: 65535 }],
    ["m=1024", { ...VAULT_KDF_PARAMS, memoryKiB: 1024 }],
    ["p=0", { ...VAULT_KDF_PARAMS, parallelism: 0 }],
    ["argon2i", { ...VAULT_KDF_PARAMS, algorithm: "argon2i" as "argon2id" }],
  ];
  test.each(weak)("refuses %s before doing any work, with a clear message", async (_name, params) => {
    const error = await deriveVaultKey("pw", "a".repeat(64), params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CryptoError);
    expect((error as CryptoError).code).toBe("weakKdfParams");
    expect((error as Error).message).toMatch(
      /^Refusing weak key-derivation parameters: \(argon2id?, t=\d+, m=\d+ KiB, p=\d+\); /,
    );
  });

  test("refuses absurd parameters a hostile server could use to freeze the tab", () => {
    expect(() => assertKdfParams({ ...VAULT_KDF_PARAMS, memoryKiB: 4 * 1024 * 1024 })).toThrow(
      CryptoErrorMessage.unsupportedKdfParams,
    );
    expect(() => assertKdfParams({ ...VAULT_KDF_PARAMS, iterations: 1.5 })).toThrow(
      CryptoErrorMessage.unsupportedKdfParams,
    );
  });

  test("accepts stronger parameters and derives a different key with them", async () => {
    const salt = "b".repeat(64);
    const standard = await deriveVaultKey("pw", salt);
    const stronger = await deriveVaultKey("pw", salt, { ...VAULT_KDF_PARAMS, iterations: 4 });
    expect(await deriveAuthKey(stronger)).not.toBe(await deriveAuthKey(standard));
  });
});

describe("hex helper used by the salt", () => {
  test("hexToBytes accepts both cases", () => {
    expect(bytesToHex(hexToBytes("0aFf"))).toBe("0aff");
  });
});

describe("new vault salts", () => {
  test("are 64 lower-case hex characters, fresh each time, and decode as a vault salt", () => {
    const a = newVaultSaltHex();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newVaultSaltHex()).not.toBe(a);
    expect(vaultSaltBytes(a)).toHaveLength(32);
  });
});
