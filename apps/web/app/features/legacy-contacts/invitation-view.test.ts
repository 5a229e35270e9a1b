import { legacyMessages, type SessionUser } from "@heirloom/contract";
import { describe, expect, it } from "vitest";
import { invitationClosed, invitationViewer } from "./invitation-view.ts";

const user: SessionUser = {
  uid: "u1",
  email: "ada@example.com",
  name: "Ada",
  emailVerified: true,
  twoFactorEnabled: false,
  hasVault: true,
  vaultLocked: false,
  accountType: "individual",
  accountTier: "a",
  accountActive: true,
  subscriptionStatus: "active",
  isAdmin: false,
};

describe("an invitation that can no longer be answered", () => {
  it("says why, in the server's words", () => {
    const owner = "Grace Hopper";
    expect(invitationClosed({ state: "open", ownerName: owner })).toBeNull();
    expect(invitationClosed({ state: "expired", ownerName: owner })?.message).toBe(
      legacyMessages.invitationExpired(owner),
    );
    expect(invitationClosed({ state: "revoked", ownerName: owner })?.message).toContain(
      legacyMessages.invitationWithdrawn,
    );
    expect(invitationClosed({ state: "accepted", ownerName: owner })?.message).toBe(
      legacyMessages.invitationAccepted,
    );
    expect(invitationClosed({ state: "declined", ownerName: owner })?.message).toBe(
      legacyMessages.invitationDeclined(owner),
    );
  });
});

describe("who is looking at the invitation", () => {
  it("is a visitor, someone without a vault yet, or someone who can accept", () => {
    expect(invitationViewer({ status: "loading", user: null })).toEqual({ kind: "checking" });
    expect(invitationViewer({ status: "signed-out", user: null })).toEqual({ kind: "visitor" });
    expect(invitationViewer({ status: "signed-in", user })).toEqual({ kind: "ready", user });
    const noVault = { ...user, hasVault: false };
    expect(invitationViewer({ status: "signed-in", user: noVault })).toEqual({
      kind: "needs-vault",
      user: noVault,
    });
    const locked = { ...user, vaultLocked: true };
    expect(invitationViewer({ status: "signed-in", user: locked }).kind).toBe("needs-vault");
  });
});
