import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount } from "../../testing/legacy-accounts.ts";
import { type TestDatabase, testDatabaseTargets } from "../test-databases.ts";
import { createLegacyContactsRepo, type LegacyContactsRepo } from "./legacy-contacts.repo.ts";
import { createUserDataRepo } from "./user-data.repo.ts";

// The legacy contacts table on every engine the run covers: conditional state moves, token lookups, the joined
// people, and what deleting either account does to a row.

const t0 = new Date("2026-06-01T09:00:00.000Z");
const later = (ms: number) => new Date(t0.getTime() + ms);
const day = 24 * 60 * 60 * 1000;
const details = "v1.AAAAAAAAAAAAAAAA:BBBBBBBBBBBBBBBBBBBB";

describe.each(testDatabaseTargets())("legacy contacts repo on $name", (target) => {
  let database: TestDatabase;
  let repo: LegacyContactsRepo;
  beforeAll(async () => {
    database = await target.open({ migrate: true });
    repo = createLegacyContactsRepo(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  async function invited(ownerId: string, email: string, tokenHash = randomUUID(), at = t0) {
    const id = randomUUID();
    await repo.insert(
      { id, ownerId, email, details, tokenHash, expiresAt: new Date(at.getTime() + 7 * day) },
      at,
    );
    return { id, tokenHash };
  }

  it("stores an invitation and reads it back with its owner, for its owner only", async () => {
    const owner = await addAccount(database, "Olive Owner");
    const other = await addAccount(database, "Oscar Other");
    const { id, tokenHash } = await invited(owner.id, "jane@example.com");
    const row = await repo.findOwned(owner.id, id);
    expect(row).toMatchObject({
      id,
      ownerId: owner.id,
      email: "jane@example.com",
      details,
      state: "invited",
      contactUserId: null,
      tokenHash,
      spentTokenHash: null,
      invitedAt: t0.toISOString(),
      expiresAt: later(7 * day).toISOString(),
      lastSentAt: t0.toISOString(),
      sendsWindowStart: t0.toISOString(),
      sendsInWindow: 1,
      owner: { name: "Olive Owner", email: owner.email },
      contact: null,
    });
    expect(await repo.findOwned(other.id, id)).toBeUndefined();
    expect(await repo.findOwned(owner.id, randomUUID())).toBeUndefined();
    expect((await repo.findByTokenHash(tokenHash))?.row.id).toBe(id);
    expect(await repo.findByTokenHash("0".repeat(64))).toBeUndefined();
  });

  it("refuses two rows with the same token hash", async () => {
    const owner = await addAccount(database, "Olive");
    const { tokenHash } = await invited(owner.id, "a@example.com");
    await expect(invited(owner.id, "b@example.com", tokenHash)).rejects.toThrow();
  });

  it("counts live contacts: invited until expiry, accepted, confirmed; by address too", async () => {
    const owner = await addAccount(database, "Olive");
    await invited(owner.id, "early@example.com", randomUUID(), t0);
    await invited(owner.id, "late@example.com", randomUUID(), later(day));
    const gone = await invited(owner.id, "gone@example.com");
    await repo.revoke(gone.id, t0);
    expect((await repo.listLive(owner.id, later(day))).map((r) => r.email).sort()).toEqual([
      "early@example.com",
      "late@example.com",
    ]);
    // 7 days after the first invitation it has expired; the second has a day left.
    expect((await repo.listLive(owner.id, later(7 * day))).map((r) => r.email)).toEqual(["late@example.com"]);
    expect(await repo.listLive(owner.id, t0, "late@example.com")).toHaveLength(1);
    expect(await repo.listLive(owner.id, t0, "gone@example.com")).toHaveLength(0);
  });

  it("accepts only an invited row with its live token, once; the token is then spent", async () => {
    const owner = await addAccount(database, "Olive");
    const contact = await addAccount(database, "Cora Contact");
    const { id, tokenHash } = await invited(owner.id, contact.email);
    expect(await repo.accept(id, "f".repeat(64), contact.id, later(1000))).toBe(false);
    expect(await repo.accept(id, tokenHash, contact.id, later(1000))).toBe(true);
    expect(await repo.accept(id, tokenHash, contact.id, later(2000))).toBe(false);
    const found = await repo.findByTokenHash(tokenHash);
    expect(found?.spent).toBe(true);
    expect(found?.row).toMatchObject({
      state: "accepted",
      tokenHash: null,
      spentTokenHash: tokenHash,
      contactUserId: contact.id,
      acceptedAt: later(1000).toISOString(),
      contact: { name: "Cora Contact", email: contact.email, publicKeyPem: contact.publicKeyPem },
    });
    expect((await repo.findNaming(contact.id, id))?.id).toBe(id);
    expect(await repo.findNaming(owner.id, id)).toBeUndefined();
    expect((await repo.listNaming(contact.id, ["accepted", "confirmed"])).map((r) => r.id)).toEqual([id]);
    expect(await repo.listNaming(contact.id, ["confirmed"])).toEqual([]);
    // A declined or accepted invitation can no longer be declined.
    expect(await repo.decline(id, tokenHash, later(3000))).toBe(false);
  });

  it("replaces the token of an invited row only", async () => {
    const owner = await addAccount(database, "Olive");
    const { id, tokenHash } = await invited(owner.id, "x@example.com");
    const next = {
      tokenHash: randomUUID(),
      expiresAt: later(8 * day),
      sendsWindowStart: t0.toISOString(),
      sendsInWindow: 2,
    };
    expect(await repo.replaceToken(id, next, later(day))).toBe(true);
    expect(await repo.findByTokenHash(tokenHash)).toBeUndefined();
    expect((await repo.findByTokenHash(next.tokenHash))?.row).toMatchObject({
      sendsInWindow: 2,
      lastSentAt: later(day).toISOString(),
      expiresAt: later(8 * day).toISOString(),
    });
    expect(await repo.decline(id, next.tokenHash, later(day))).toBe(true);
    expect(await repo.replaceToken(id, { ...next, tokenHash: randomUUID() }, later(day))).toBe(false);
  });

  it("revokes live rows once, keeping a withdrawn invitation's token viewable only", async () => {
    const owner = await addAccount(database, "Olive");
    const { id, tokenHash } = await invited(owner.id, "y@example.com");
    expect(await repo.revoke(id, later(5))).toBe(true);
    expect(await repo.revoke(id, later(6))).toBe(false);
    const found = await repo.findByTokenHash(tokenHash);
    expect(found).toMatchObject({
      spent: true,
      row: { state: "revoked", revokedAt: later(5).toISOString() },
    });
    expect(await repo.accept(id, tokenHash, owner.id, later(7))).toBe(false);
  });

  it("confirms, records a key change notice once per fingerprint, and lets the contact leave", async () => {
    const owner = await addAccount(database, "Olive");
    const contact = await addAccount(database, "Cora");
    const { id, tokenHash } = await invited(owner.id, contact.email);
    expect(await repo.confirm(id, { fingerprintHex: "a".repeat(64), signature: "c2ln" }, t0)).toBe(false);
    await repo.accept(id, tokenHash, contact.id, t0);
    expect(await repo.confirm(id, { fingerprintHex: "a".repeat(64), signature: "c2ln" }, later(1))).toBe(
      true,
    );
    expect(await repo.findOwned(owner.id, id)).toMatchObject({
      state: "confirmed",
      confirmedFingerprint: "a".repeat(64),
      confirmationSignature: "c2ln",
      confirmedAt: later(1).toISOString(),
    });
    expect(await repo.markKeyChangeNotified(id, "b".repeat(64), later(2))).toBe(true);
    expect(await repo.markKeyChangeNotified(id, "b".repeat(64), later(3))).toBe(false);
    expect(await repo.markKeyChangeNotified(id, "c".repeat(64), later(4))).toBe(true);
    await repo.updateDetails(id, "v1.new:details", later(5));
    expect((await repo.findOwned(owner.id, id))?.details).toBe("v1.new:details");
    expect(await repo.leave(id, owner.id, later(6))).toBe(false);
    expect(await repo.leave(id, contact.id, later(6))).toBe(true);
    expect(await repo.leave(id, contact.id, later(7))).toBe(false);
    expect((await repo.findOwned(owner.id, id))?.state).toBe("left");
  });

  it("lists an owner's rows newest first", async () => {
    const owner = await addAccount(database, "Olive");
    const first = await invited(owner.id, "1@example.com", randomUUID(), t0);
    const second = await invited(owner.id, "2@example.com", randomUUID(), later(1000));
    expect((await repo.listOwned(owner.id)).map((r) => r.id)).toEqual([second.id, first.id]);
  });

  it("on account deletion: the owner's rows go, and a contact who deletes theirs has left every role", async () => {
    const userData = createUserDataRepo(database.db);
    const owner = await addAccount(database, "Olive");
    const contact = await addAccount(database, "Cora");
    const accepted = await invited(owner.id, contact.email);
    await repo.accept(accepted.id, accepted.tokenHash, contact.id, t0);
    const stillInvited = await invited(owner.id, "someone@example.com");
    await userData.deleteUser(contact.id, "e".repeat(64), later(day));
    expect(await repo.findOwned(owner.id, accepted.id)).toMatchObject({
      state: "left",
      leftAt: later(day).toISOString(),
      contactUserId: null,
      contact: null,
    });
    expect((await repo.findOwned(owner.id, stillInvited.id))?.state).toBe("invited");
    await userData.deleteUser(owner.id, "f".repeat(64), later(day));
    const rows = await database.db
      .selectFrom("legacy_contacts")
      .select("id")
      .where("owner_id", "=", owner.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("deletes an owner's rows with the owner, and clears a deleted contact from theirs", async () => {
    const owner = await addAccount(database, "Olive");
    const contact = await addAccount(database, "Cora");
    const { id, tokenHash } = await invited(owner.id, contact.email);
    await repo.accept(id, tokenHash, contact.id, t0);
    await database.db.deleteFrom("account_keys").where("user_id", "=", contact.id).execute();
    await database.db.deleteFrom("user").where("id", "=", contact.id).execute();
    expect(await repo.findOwned(owner.id, id)).toMatchObject({ contactUserId: null, contact: null });
    await database.db.deleteFrom("account_keys").where("user_id", "=", owner.id).execute();
    await database.db.deleteFrom("user").where("id", "=", owner.id).execute();
    const left = await database.db.selectFrom("legacy_contacts").select("id").where("id", "=", id).execute();
    expect(left).toEqual([]);
  });
});
