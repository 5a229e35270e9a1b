import { accountMessages } from "@heirloom/contract";
import type { VaultKey } from "@heirloom/crypto";
import { describe, expect, it, vi } from "vitest";
import { ConfirmationMismatchError, type DeleteAccountDeps, deleteAccount } from "./delete-account.ts";
import { testKdf } from "./test-kdf.ts";

const kdf = testKdf;

function setup() {
  const calls: string[] = [];
  const deps: DeleteAccountDeps = {
    derive: vi.fn(async () => {
      calls.push("derive");
      return {
        saltHex: "c".repeat(64),
        kdf,
        vaultKey: {} as VaultKey,
        vaultKeyB64: "k".repeat(44),
        authKey: "AUTHKEY",
      };
    }),
    postDeleteAccount: vi.fn(async () => void calls.push("post")),
    afterDeleted: vi.fn(() => void calls.push("afterDeleted")),
  };
  return { deps, calls };
}

const input = {
  email: "ada@example.com",
  password: "secret words",
  twoFactorEnabled: false,
  confirmation: "DELETE",
};

describe("account deletion", () => {
  it("re-authenticates, sends the proof with the typed word, then signs this tab out", async () => {
    const { deps, calls } = setup();
    await deleteAccount(deps, input);
    expect(calls).toEqual(["derive", "post", "afterDeleted"]);
    expect(deps.postDeleteAccount).toHaveBeenCalledWith({
      currentAuthKey: "AUTHKEY",
      confirmation: "DELETE",
    });
    expect(JSON.stringify(vi.mocked(deps.postDeleteAccount).mock.calls)).not.toContain("secret words");
  });

  it.each(["", "delete", "DELET", "Delete"])(
    "refuses the confirmation %j before any work",
    async (confirmation) => {
      const { deps, calls } = setup();
      await expect(deleteAccount(deps, { ...input, confirmation })).rejects.toBeInstanceOf(
        ConfirmationMismatchError,
      );
      expect(calls).toEqual([]);
    },
  );

  it("does not sign out when the server refuses", async () => {
    const { deps } = setup();
    const refused = Object.assign(new Error(accountMessages.incorrectPassword), { status: 403 });
    deps.postDeleteAccount = vi.fn(async () => Promise.reject(refused));
    await expect(deleteAccount(deps, input)).rejects.toBe(refused);
    expect(deps.afterDeleted).not.toHaveBeenCalled();
  });

  it("includes the authenticator code when two-factor is on", async () => {
    const { deps } = setup();
    await deleteAccount(deps, { ...input, twoFactorEnabled: true, totpCode: "654321" });
    expect(deps.postDeleteAccount).toHaveBeenCalledWith({
      currentAuthKey: "AUTHKEY",
      totpCode: "654321",
      confirmation: "DELETE",
    });
  });
});
