import { describe, expect, it } from "vitest";
import { memoryStorage } from "#app/features/session/testing/memory-storage.ts";
import { readVaultKey, readVaultSalt, writeVaultStorage } from "./vault-key.ts";
import { clearVaultStorage, signOutClearedKeys } from "./vault-storage.ts";

const key = "q83vEjRWeJq83vEjRWeJq83vEjRWeJq83vEjRWeJq80=";
const salt = "a".repeat(64);

describe("vault storage", () => {
  it("reads back what sign-in stored", () => {
    const session = memoryStorage();
    writeVaultStorage({ vaultKeyB64: key, saltHex: salt }, session);
    expect(session.dump()).toEqual({ vaultKey: key, vaultSalt: salt });
    expect(readVaultKey(session)).toBe(key);
    expect(readVaultSalt(session)).toBe(salt);
  });

  it.each(["null", "undefined", "", "0123456789"])("treats %j as no key (SPEC.md section 5)", (value) => {
    const session = memoryStorage({ vaultKey: value, vaultSalt: value });
    expect(readVaultKey(session)).toBeNull();
    expect(readVaultSalt(session)).toBeNull();
  });

  it("accepts 11 characters, the shortest valid value", () => {
    expect(readVaultKey(memoryStorage({ vaultKey: "01234567890" }))).toBe("01234567890");
  });

  it("refuses to store values the readers would reject", () => {
    expect(() => writeVaultStorage({ vaultKeyB64: "null", saltHex: salt }, memoryStorage())).toThrow();
    expect(() => writeVaultStorage({ vaultKeyB64: key, saltHex: "short" }, memoryStorage())).toThrow();
  });

  it("sign-out clears every name SPEC lists from both storages and keeps cookiesAccepted", () => {
    const all = Object.fromEntries(signOutClearedKeys.map((k) => [k, "secret-value-123"]));
    const session = memoryStorage({ ...all, "heirloom:test-idle-ms": "1000" });
    const local = memoryStorage({ ...all, cookiesAccepted: "true" });
    clearVaultStorage([session, local, null]);
    expect(session.dump()).toEqual({ "heirloom:test-idle-ms": "1000" });
    expect(local.dump()).toEqual({ cookiesAccepted: "true" });
    expect([...signOutClearedKeys].sort()).toEqual(
      ["privateKey", "recipientKey", "vaultKey", "vaultPassword", "vaultSalt"].sort(),
    );
  });

  it("a storage that throws reads as empty and does not stop sign-out", () => {
    const broken = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {},
      removeItem: () => {
        throw new Error("SecurityError");
      },
      clear: () => {},
    };
    const local = memoryStorage({ vaultKey: key });
    expect(readVaultKey(broken)).toBeNull();
    clearVaultStorage([broken, local]);
    expect(local.dump()).toEqual({});
  });
});
