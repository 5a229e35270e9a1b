import { legacyContactRules, legacyMessages, maskEmail, type NotificationKind } from "@heirloom/contract";
import { afterEach, describe, expect, it } from "vitest";
import { createAccountKeysRepo } from "../db/repos/account-keys.repo.ts";
import { createLegacyContactsRepo } from "../db/repos/legacy-contacts.repo.ts";
import { createNotificationsRepo } from "../db/repos/notifications.repo.ts";
import { type TestDatabase, type TestDatabaseTarget, testDatabaseTargets } from "../db/test-databases.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { addAccount, replacePublicKey } from "../testing/legacy-accounts.ts";
import type { Caller } from "./account.service.ts";
import { createLegacyContactsService } from "./legacy-contacts.service.ts";
import { createNotificationsService } from "./notifications.service.ts";
import { publicKeyFingerprintHex } from "./public-key-fingerprint.ts";

// Every state move of a legacy contact on a real database, with a clock the tests move and mail kept in memory.

const second = 1000;
const day = 24 * 60 * 60 * second;
const details = "v1.c2VhbGVkLWl2:c2VhbGVkLWRldGFpbHM=";
const publicUrl = "https://vault.example";

/** The AppError a promise is refused with, as a person would see it. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const e = error as { code: string; message: string; fields?: unknown; retryAfterSeconds?: number };
    return { code: e.code, message: e.message, fields: e.fields, retryAfterSeconds: e.retryAfterSeconds };
  }
  throw new Error("expected a refusal");
}

// SQLite in memory: the repository tests cover the other engines.
const memory = testDatabaseTargets()[0] as TestDatabaseTarget;

describe(`legacy contacts on ${memory.name}`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
  });

  async function setup() {
    database = await memory.open({ migrate: true });
    const db = database;
    let now = Date.parse("2026-06-01T09:00:00.000Z");
    const clock = () => new Date(now);
    const mails: MailMessage[] = [];
    const ended: string[] = [];
    const notifications = createNotificationsService({
      repo: createNotificationsRepo(db.db, db.dialect),
      clock,
    });
    const service = createLegacyContactsService({
      repo: createLegacyContactsRepo(db.db),
      keys: createAccountKeysRepo(db.db),
      mailer: { kind: "outbox", send: async (message) => void mails.push(message), close: async () => {} },
      runInBackground: (work) => void work,
      notify: (userId, kind, detail) => notifications.notify(userId, kind, detail),
      clock,
      publicUrl,
      onRoleEnded: async (contact) => void ended.push(contact.id),
    });
    const owner = await addAccount(db, "Olive Owner");
    const contact = await addAccount(db, "Cora Contact");
    const stranger = await addAccount(db, "Sam Stranger");
    /** The token of the newest invitation mailed to `to`. */
    const tokenFor = (to: string) => {
      const mail = mails.filter((m) => m.to === to).at(-1);
      const token = /\/invitation#token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
      if (!token) throw new Error(`no invitation mailed to ${to}`);
      return token;
    };
    const kindsOf = async (user: Caller) =>
      (await notifications.page(user.id, { limit: 50 })).entries.map((n) => n.kind as NotificationKind);
    const invite = async (email = contact.email, note?: string) =>
      service.invite(owner, { email, details, ...(note === undefined ? {} : { note }) });
    /** Invites `contact` and accepts with their account: the usual start of a confirmed contact. */
    const accepted = async () => {
      const invited = await invite();
      await service.accept(contact, tokenFor(contact.email));
      return invited.id;
    };
    return {
      db,
      service,
      owner,
      contact,
      stranger,
      mails,
      ended,
      tokenFor,
      kindsOf,
      invite,
      accepted,
      advance: (ms: number) => {
        now += ms;
      },
    };
  }

  it("invite -> accept -> confirm, with the invitation mail, the owner told, and the contact's key shown", async () => {
    const s = await setup();
    const invited = await s.invite(s.contact.email, "Dear Cora,\nI trust you with this.");
    expect(invited).toMatchObject({
      email: s.contact.email,
      state: "invited",
      keyChanged: false,
      details,
      contact: null,
      confirmation: null,
      expiresAt: new Date(Date.parse(invited.invitedAt) + 7 * day).toISOString(),
    });

    const [mail] = s.mails;
    expect(mail?.to).toBe(s.contact.email);
    expect(mail?.subject).toBe("Olive Owner invited you to be a legacy contact on Heirloom");
    expect(mail?.text).toContain(
      "A note from Olive Owner (written by them, not by Heirloom):\n> Dear Cora,\n> I trust you with this.",
    );
    expect(mail?.text).toContain(`${publicUrl}/invitation#token=`);
    expect(mail?.text).toContain("valid for 7 days");
    expect(mail?.html).toContain("Dear Cora,\nI trust you with this.");
    const token = s.tokenFor(s.contact.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Neither the token nor the note is stored.
    const stored = JSON.stringify(await s.db.db.selectFrom("legacy_contacts").selectAll().execute());
    expect(stored).not.toContain(token);
    expect(stored).not.toContain("trust you");

    expect(await s.service.viewInvitation(token)).toEqual({
      ownerName: "Olive Owner",
      invitedEmail: maskEmail(s.contact.email),
      state: "open",
      expiresAt: invited.expiresAt,
    });

    const entry = await s.service.accept(s.contact, token);
    expect(entry).toMatchObject({
      contactId: invited.id,
      owner: { name: "Olive Owner", email: s.owner.email },
      state: "accepted",
      confirmedAt: null,
    });
    // A second click answers the same; the link now says it was accepted.
    expect(await s.service.accept(s.contact, token)).toEqual(entry);
    expect((await s.service.viewInvitation(token)).state).toBe("accepted");
    expect(await s.kindsOf(s.owner)).toEqual(["legacy-contact-accepted"]);
    const ownerMail = s.mails.find((m) => m.to === s.owner.email);
    expect(ownerMail?.subject).toBe(`Cora Contact (${s.contact.email}) accepted your legacy invitation`);
    expect(ownerMail?.text).toContain(`${publicUrl}/account/legacyinvitations`);

    const [listed] = await s.service.list(s.owner);
    const fingerprintHex = publicKeyFingerprintHex(s.contact.publicKeyPem ?? "");
    expect(listed).toMatchObject({
      state: "accepted",
      contact: { name: "Cora Contact", publicKeyPem: s.contact.publicKeyPem, fingerprintHex },
      confirmation: null,
      resendAvailableAt: null,
    });

    const confirmed = await s.service.confirm(s.owner, invited.id, {
      fingerprintHex,
      signature: "c2lnbmF0dXJl",
    });
    expect(confirmed).toMatchObject({
      state: "confirmed",
      keyChanged: false,
      confirmation: { fingerprintHex, signature: "c2lnbmF0dXJl" },
    });
    expect((await s.service.namedMe(s.contact)).map((e) => e.state)).toEqual(["confirmed"]);
    expect(await s.service.namedMe(s.stranger)).toEqual([]);
    // The same confirmation again answers the same; another one for an unchanged key is refused.
    expect(
      (await s.service.confirm(s.owner, invited.id, { fingerprintHex, signature: "c2lnbmF0dXJl" })).state,
    ).toBe("confirmed");
    expect(
      await refusal(s.service.confirm(s.owner, invited.id, { fingerprintHex, signature: "b3RoZXI=" })),
    ).toMatchObject({ code: "conflict", message: legacyMessages.alreadyConfirmed });
  });

  it("invite -> decline, with or without an account; the owner is told in the app", async () => {
    const s = await setup();
    const invited = await s.invite("someone.new@example.org");
    const token = s.tokenFor("someone.new@example.org");
    await s.service.decline(token);
    await s.service.decline(token);
    expect((await s.service.viewInvitation(token)).state).toBe("declined");
    expect((await s.service.list(s.owner))[0]).toMatchObject({ id: invited.id, state: "declined" });
    expect(await s.kindsOf(s.owner)).toEqual(["legacy-contact-declined"]);
    expect(await refusal(s.service.accept(s.contact, token))).toMatchObject({
      code: "conflict",
      message: legacyMessages.invitationDeclined("Olive Owner"),
    });
    // Declined, the address may be invited again.
    expect((await s.invite("someone.new@example.org")).state).toBe("invited");
  });

  it("invite -> 7 days pass -> expired: accepting and declining are refused, inviting again is allowed", async () => {
    const s = await setup();
    const first = await s.invite();
    const token = s.tokenFor(s.contact.email);
    s.advance(7 * day - second);
    expect((await s.service.viewInvitation(token)).state).toBe("open");
    s.advance(2 * second);
    expect((await s.service.viewInvitation(token)).state).toBe("expired");
    const expired = { code: "conflict", message: legacyMessages.invitationExpired("Olive Owner") };
    expect(await refusal(s.service.accept(s.contact, token))).toMatchObject(expired);
    expect(await refusal(s.service.decline(token))).toMatchObject(expired);
    expect((await s.service.list(s.owner))[0]).toMatchObject({ id: first.id, state: "expired" });

    const again = await s.invite();
    expect(again.id).not.toBe(first.id);
    await s.service.accept(s.contact, s.tokenFor(s.contact.email));
    const states = (await s.service.list(s.owner)).map((c) => [c.id, c.state]);
    expect(states).toEqual([
      [again.id, "accepted"],
      [first.id, "expired"],
    ]);
  });

  it("resend replaces the link; the 4th mail in 24 hours is refused, and allowed once the day has passed", async () => {
    const s = await setup();
    const invited = await s.invite();
    const firstToken = s.tokenFor(s.contact.email);
    s.advance(day / 2);
    const resent = await s.service.resend(s.owner, invited.id);
    const secondToken = s.tokenFor(s.contact.email);
    expect(secondToken).not.toBe(firstToken);
    expect(resent.expiresAt).toBe(new Date(Date.parse(invited.invitedAt) + day / 2 + 7 * day).toISOString());
    expect(await refusal(s.service.viewInvitation(firstToken))).toMatchObject({
      code: "not_found",
      message: legacyMessages.invitationInvalid,
    });
    expect(await refusal(s.service.accept(s.contact, firstToken))).toMatchObject({ code: "not_found" });
    expect((await s.service.viewInvitation(secondToken)).state).toBe("open");
    // The resend mail has no note: notes are never kept.
    expect(s.mails.at(-1)?.text).not.toContain("A note from");

    await s.service.resend(s.owner, invited.id); // the 3rd mail
    s.advance(day / 4);
    const refused = await refusal(s.service.resend(s.owner, invited.id));
    expect(refused).toMatchObject({ code: "rate_limited", message: legacyMessages.tooManySends });
    // The window opened with the first mail; it closes 24 hours later.
    expect(refused.retryAfterSeconds).toBe(day / 4 / second);
    expect((await s.service.list(s.owner))[0]?.resendAvailableAt).toBe(
      new Date(Date.parse(invited.invitedAt) + day).toISOString(),
    );
    expect(s.mails.filter((m) => m.to === s.contact.email)).toHaveLength(legacyContactRules.maxSendsPerDay);

    s.advance(day / 4);
    await s.service.resend(s.owner, invited.id);
    await s.service.accept(s.contact, s.tokenFor(s.contact.email));
    expect(await refusal(s.service.resend(s.owner, invited.id))).toMatchObject({
      code: "conflict",
      message: legacyMessages.notWaiting,
    });
  });

  it("revokes from every live state, answers the same when asked again, and the link says withdrawn", async () => {
    const s = await setup();
    const invited = await s.invite("invited.only@example.com");
    const invitedToken = s.tokenFor("invited.only@example.com");
    const acceptedId = await s.accepted();
    const acceptedToken = s.tokenFor(s.contact.email);
    const other = await addAccount(s.db, "Dora Other");
    const forConfirm = await s.invite(other.email);
    await s.service.accept(other, s.tokenFor(other.email));
    await s.service.confirm(s.owner, forConfirm.id, {
      fingerprintHex: publicKeyFingerprintHex(other.publicKeyPem ?? ""),
      signature: "c2ln",
    });

    for (const id of [invited.id, acceptedId, forConfirm.id]) {
      await s.service.revoke(s.owner, id);
      await s.service.revoke(s.owner, id);
    }
    expect((await s.service.list(s.owner)).map((c) => c.state)).toEqual(["revoked", "revoked", "revoked"]);
    expect(s.ended.sort()).toEqual([invited.id, acceptedId, forConfirm.id].sort());
    expect((await s.service.viewInvitation(invitedToken)).state).toBe("revoked");
    expect(await refusal(s.service.accept(s.stranger, invitedToken))).toMatchObject({
      code: "conflict",
      message: legacyMessages.invitationWithdrawn,
    });
    expect(await refusal(s.service.decline(invitedToken))).toMatchObject({
      message: legacyMessages.invitationWithdrawn,
    });
    expect((await s.service.viewInvitation(acceptedToken)).state).toBe("revoked");
    expect(await s.service.namedMe(s.contact)).toEqual([]);
    expect(await s.service.namedMe(other)).toEqual([]);
    // Revoked, the address may be invited again.
    expect((await s.invite()).state).toBe("invited");
  });

  it("lets a contact leave; the owner is told, and the role is gone from both sides", async () => {
    const s = await setup();
    const id = await s.accepted();
    s.advance(second);
    expect(await refusal(s.service.leave(s.stranger, id))).toMatchObject({ code: "not_found" });
    expect(await refusal(s.service.leave(s.owner, id))).toMatchObject({ code: "not_found" });
    await s.service.leave(s.contact, id);
    await s.service.leave(s.contact, id);
    expect(await s.service.namedMe(s.contact)).toEqual([]);
    expect((await s.service.list(s.owner))[0]).toMatchObject({ state: "left", leftAt: expect.any(String) });
    expect(await s.kindsOf(s.owner)).toEqual(["legacy-contact-left", "legacy-contact-accepted"]);
    expect(s.ended).toEqual([id]);
    expect(
      await refusal(s.service.confirm(s.owner, id, { fingerprintHex: "a".repeat(64), signature: "c2ln" })),
    ).toMatchObject({ code: "conflict", message: legacyMessages.contactEnded });
  });

  it("confirms only the fingerprint of the contact's current key, and only once they accepted", async () => {
    const s = await setup();
    const invited = await s.invite();
    const current = publicKeyFingerprintHex(s.contact.publicKeyPem ?? "");
    expect(
      await refusal(s.service.confirm(s.owner, invited.id, { fingerprintHex: current, signature: "c2ln" })),
    ).toMatchObject({ code: "conflict", message: legacyMessages.notAccepted });
    await s.service.accept(s.contact, s.tokenFor(s.contact.email));
    // The owner compared a phrase; then the key changed (or a server swapped it) before they confirmed.
    await replacePublicKey(s.db, s.contact.id);
    expect(
      await refusal(s.service.confirm(s.owner, invited.id, { fingerprintHex: current, signature: "c2ln" })),
    ).toEqual({
      code: "conflict",
      message: legacyMessages.keyChanged,
      fields: undefined,
      retryAfterSeconds: undefined,
    });
    expect((await s.service.list(s.owner))[0]?.state).toBe("accepted");
  });

  it("flags a confirmed contact whose key changed and tells the owner once; confirming the new key clears it", async () => {
    const s = await setup();
    const id = await s.accepted();
    const first = publicKeyFingerprintHex(s.contact.publicKeyPem ?? "");
    await s.service.confirm(s.owner, id, { fingerprintHex: first, signature: "c2ln" });
    await s.service.onContactKeyChanged(s.contact.id); // nothing changed
    expect(await s.kindsOf(s.owner)).toEqual(["legacy-contact-accepted"]);

    s.advance(second);
    const newPem = await replacePublicKey(s.db, s.contact.id);
    const [flagged] = await s.service.list(s.owner);
    expect(flagged).toMatchObject({
      state: "confirmed",
      keyChanged: true,
      confirmation: { fingerprintHex: first },
      contact: { publicKeyPem: newPem, fingerprintHex: publicKeyFingerprintHex(newPem) },
    });
    const mailsBefore = s.mails.length;
    await s.service.onContactKeyChanged(s.contact.id);
    await s.service.onContactKeyChanged(s.contact.id);
    expect(await s.kindsOf(s.owner)).toEqual(["legacy-contact-key-changed", "legacy-contact-accepted"]);
    expect(s.mails.slice(mailsBefore).map((m) => [m.to, m.subject])).toEqual([
      [s.owner.email, `Cora Contact (${s.contact.email})'s key has changed`],
    ]);

    await s.service.confirm(s.owner, id, {
      fingerprintHex: publicKeyFingerprintHex(newPem),
      signature: "bmV3",
    });
    expect((await s.service.list(s.owner))[0]).toMatchObject({
      keyChanged: false,
      confirmation: { signature: "bmV3" },
    });
    // A later change is a new change: told again.
    await replacePublicKey(s.db, s.contact.id);
    await s.service.onContactKeyChanged(s.contact.id);
    expect((await s.kindsOf(s.owner)).filter((k) => k === "legacy-contact-key-changed")).toHaveLength(2);
  });

  it(`refuses the ${legacyContactRules.maxLiveContacts + 1}st live contact, and counts expired and ended ones out`, async () => {
    const s = await setup();
    const ids: string[] = [];
    for (let i = 0; i < legacyContactRules.maxLiveContacts; i++) {
      ids.push((await s.invite(`person${i}@example.com`)).id);
    }
    expect(await refusal(s.invite("one.more@example.com"))).toMatchObject({
      code: "conflict",
      message: legacyMessages.tooManyContacts,
    });
    expect(legacyMessages.tooManyContacts).toContain(String(legacyContactRules.maxLiveContacts));
    await s.service.revoke(s.owner, ids[0] ?? "");
    await s.invite("one.more@example.com");
    expect(await refusal(s.invite("two.more@example.com"))).toMatchObject({ code: "conflict" });
    s.advance(7 * day + second);
    await s.invite("two.more@example.com");
  });

  it("refuses inviting yourself and an address already invited, each with its message", async () => {
    const s = await setup();
    expect(await refusal(s.invite(s.owner.email))).toMatchObject({
      code: "validation_failed",
      message: legacyMessages.inviteYourself,
      fields: { email: legacyMessages.inviteYourself },
    });
    await s.invite();
    expect(await refusal(s.invite())).toMatchObject({
      code: "conflict",
      message: legacyMessages.alreadyInvited,
    });
    await s.service.accept(s.contact, s.tokenFor(s.contact.email));
    expect(await refusal(s.invite())).toMatchObject({
      code: "conflict",
      message: legacyMessages.alreadyInvited,
    });
    expect(s.mails.filter((m) => m.to === s.contact.email)).toHaveLength(1);
  });

  it("accepts only with the invited address, an account with a vault, and not the owner's own", async () => {
    const s = await setup();
    await s.invite();
    const token = s.tokenFor(s.contact.email);
    expect(await refusal(s.service.accept(s.stranger, token))).toMatchObject({
      code: "forbidden",
      message: `This invitation was sent to ${maskEmail(s.contact.email)}. Sign in with that address to accept it.`,
    });
    expect(maskEmail(s.contact.email)).toMatch(/^[0-9a-f]\*\*\*@example\.com$/);
    expect(await refusal(s.service.accept(s.owner, token))).toMatchObject({
      code: "forbidden",
      message: legacyMessages.ownInvitation,
    });

    const noVault = await addAccount(s.db, "Nina No-Vault", { vault: false });
    await s.invite(noVault.email);
    const noVaultToken = s.tokenFor(noVault.email);
    expect(await refusal(s.service.accept(noVault, noVaultToken))).toMatchObject({
      code: "conflict",
      message: legacyMessages.vaultFirst,
    });
    expect((await s.service.viewInvitation(noVaultToken)).state).toBe("open");
    expect(await refusal(s.service.viewInvitation("not-a-token"))).toMatchObject({
      code: "not_found",
      message: legacyMessages.invitationInvalid,
    });
  });

  it("acts on the owner's own rows only: another person's id is not found", async () => {
    const s = await setup();
    const id = await s.accepted();
    const fingerprintHex = publicKeyFingerprintHex(s.contact.publicKeyPem ?? "");
    for (const attempt of [
      s.service.resend(s.stranger, id),
      s.service.revoke(s.stranger, id),
      s.service.updateDetails(s.stranger, id, details),
      s.service.confirm(s.stranger, id, { fingerprintHex, signature: "c2ln" }),
      s.service.confirm(s.contact, id, { fingerprintHex, signature: "c2ln" }),
      s.service.revoke(s.contact, id),
    ]) {
      expect(await refusal(attempt)).toMatchObject({
        code: "not_found",
        message: legacyMessages.contactNotFound,
      });
    }
    expect(await s.service.list(s.stranger)).toEqual([]);
    const updated = await s.service.updateDetails(s.owner, id, "v1.bmV3:ZGV0YWlscw==");
    expect(updated.details).toBe("v1.bmV3:ZGV0YWlscw==");
    expect((await s.service.list(s.owner))[0]?.state).toBe("accepted");
  });
});
