import type { LegacyContact } from "@heirloom/contract";
import {
  bytesToBase64,
  createAccountKeys,
  importVaultKeyB64,
  publicKeyFingerprintHex,
  signContactConfirmation,
  type UnlockedAccount,
  verifyContactConfirmation,
} from "@heirloom/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { blockedByState, checkWrappable, decideWrappable, type WrapCheckContact } from "./wrappability.ts";

// Whether the owner's browser may wrap to a contact, with real keys: a confirmed contact whose key is the one the
// owner signed for is wrappable; a server that swaps the key (alone, or with the stored fingerprint) is caught.

const crypto = { publicKeyFingerprintHex, verifyContactConfirmation };

async function person(userId: string): Promise<UnlockedAccount> {
  const vaultKey = await importVaultKeyB64(
    bytesToBase64(globalThis.crypto.getRandomValues(new Uint8Array(32))),
  );
  return (await createAccountKeys(vaultKey, userId)).unlocked;
}

let owner: UnlockedAccount;
let contact: UnlockedAccount;
let attacker: UnlockedAccount;
let fingerprint: string;
let attackerFingerprint: string;
let confirmed: WrapCheckContact;
let account: NonNullable<WrapCheckContact["contact"]>;
let confirmation: NonNullable<WrapCheckContact["confirmation"]>;

const contactRow = (
  change: Partial<Pick<LegacyContact, "state" | "keyChanged" | "contact" | "confirmation">> = {},
): WrapCheckContact => ({ ...confirmed, ...change });

beforeAll(async () => {
  [owner, contact, attacker] = await Promise.all([
    person("owner-1"),
    person("contact-user-1"),
    person("server-1"),
  ]);
  fingerprint = await publicKeyFingerprintHex(contact.publicKeyPem);
  attackerFingerprint = await publicKeyFingerprintHex(attacker.publicKeyPem);
  const signature = await signContactConfirmation(owner.signingKey, {
    ownerId: owner.userId,
    contactId: "c-1",
    contactUserId: contact.userId,
    keyFingerprint: fingerprint,
  });
  account = {
    userId: contact.userId,
    name: "Ada",
    publicKeyPem: contact.publicKeyPem,
    signingPublicKeyPem: contact.signingPublicKeyPem,
    fingerprintHex: fingerprint,
  };
  confirmation = { fingerprintHex: fingerprint, signature };
  confirmed = { id: "c-1", state: "confirmed", keyChanged: false, contact: account, confirmation };
}, 60_000);

const check = (row: WrapCheckContact) =>
  checkWrappable(row, { userId: owner.userId, signingPublicKeyPem: owner.signingPublicKeyPem }, crypto);

describe("wrapping to a contact", () => {
  it("a confirmed contact whose key is the one the owner signed for is wrappable, with the fingerprint computed here", async () => {
    expect(await check(contactRow())).toEqual({
      wrappable: true,
      contactId: "c-1",
      userId: contact.userId,
      publicKeyPem: contact.publicKeyPem,
      fingerprint,
    });
    // The stored fingerprint's case does not matter.
    const upper = contactRow({
      confirmation: { ...confirmation, fingerprintHex: fingerprint.toUpperCase() },
    });
    expect((await check(upper)).wrappable).toBe(true);
  });

  it("nobody who has not been confirmed is wrapped to", async () => {
    expect(await check(contactRow({ state: "invited", confirmation: null }))).toMatchObject({
      reason: "not-accepted",
    });
    expect(await check(contactRow({ state: "expired", contact: null }))).toMatchObject({
      reason: "not-accepted",
    });
    expect(await check(contactRow({ state: "accepted", confirmation: null }))).toMatchObject({
      reason: "not-confirmed",
    });
    for (const state of ["declined", "revoked", "left"] as const) {
      expect(await check(contactRow({ state }))).toMatchObject({ wrappable: false, reason: "ended" });
    }
  });

  it("the server's keyChanged flag blocks, even when everything else checks out", async () => {
    expect(await check(contactRow({ keyChanged: true }))).toMatchObject({
      wrappable: false,
      reason: "key-changed",
    });
  });

  it("a key swapped alone does not match the confirmed fingerprint", async () => {
    const swapped = contactRow({ contact: { ...account, publicKeyPem: attacker.publicKeyPem } });
    expect(await check(swapped)).toMatchObject({ wrappable: false, reason: "key-changed" });
  });

  it("a key swapped together with the stored fingerprint fails the owner's signature", async () => {
    const swapped = contactRow({
      contact: {
        ...account,
        publicKeyPem: attacker.publicKeyPem,
        fingerprintHex: attackerFingerprint,
      },
      confirmation: { ...confirmation, fingerprintHex: attackerFingerprint },
    });
    expect(await check(swapped)).toMatchObject({ wrappable: false, reason: "unverified" });
  });

  it("a signature by someone else, for another contact or account, or no signature, is not a confirmation", async () => {
    const bySomeoneElse = await signContactConfirmation(attacker.signingKey, {
      ownerId: owner.userId,
      contactId: "c-1",
      contactUserId: contact.userId,
      keyFingerprint: fingerprint,
    });
    expect(
      await check(contactRow({ confirmation: { fingerprintHex: fingerprint, signature: bySomeoneElse } })),
    ).toMatchObject({ reason: "unverified" });
    expect(await check({ ...contactRow(), id: "c-2" })).toMatchObject({ reason: "unverified" });
    expect(await check(contactRow({ contact: { ...account, userId: "someone-else" } }))).toMatchObject({
      reason: "unverified",
    });
    expect(
      await check(contactRow({ confirmation: { fingerprintHex: fingerprint, signature: "not-base64!" } })),
    ).toMatchObject({ reason: "unverified" });
    expect(await check(contactRow({ confirmation: null }))).toMatchObject({ reason: "unverified" });
    expect(await check(contactRow({ contact: { ...account, publicKeyPem: "not a key" } }))).toMatchObject({
      wrappable: false,
    });
  });

  it("the decision alone: state first, then fingerprint, then signature", () => {
    expect(blockedByState(contactRow())).toBeNull();
    expect(decideWrappable(contactRow(), fingerprint, true).wrappable).toBe(true);
    expect(decideWrappable(contactRow(), attackerFingerprint, true)).toMatchObject({ reason: "key-changed" });
    expect(decideWrappable(contactRow(), fingerprint, false)).toMatchObject({ reason: "unverified" });
    expect(decideWrappable(contactRow(), null, true)).toMatchObject({ reason: "unverified" });
    expect(decideWrappable(contactRow({ state: "accepted" }), fingerprint, true)).toMatchObject({
      reason: "not-confirmed",
    });
  });
});
