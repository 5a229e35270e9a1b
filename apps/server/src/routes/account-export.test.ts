import { accountExportSchema } from "@heirloom/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upload } from "../storage/storage-harness.ts";
import { Client, engines, signUp, startTestApp, type TestApp } from "../testing/app-harness.ts";

describe.each(engines())("the account export on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("hands the user everything held about them, as a download, without credentials", async () => {
    const me = await signUp(t.app, { name: "grace hopper" });
    const other = await signUp(t.app, { name: "someone else" });
    await me.client.post("/api/account/activity", {
      action: "document-download",
      device: "Desktop",
      operating: "Linux",
    });
    await other.client.post("/api/account/activity", {
      action: "document-view",
      device: "Phone",
      operating: "iOS",
    });
    await me.client.patch("/api/account/profile", { zipCode: "10115", DarkMode: "dark" });
    const ownPath = `users/${me.userId}/documents/0b6f7c1e-1d2a-4f4e-9a63-2f1e0c9d8b7a/key`;
    expect((await upload(t.app, me.client, ownPath, new Uint8Array(48).fill(9))).statusCode).toBe(200);
    const theirPath = `users/${other.userId}/documents/5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f/key`;
    expect((await upload(t.app, other.client, theirPath, new Uint8Array(20))).statusCode).toBe(200);

    const res = await me.client.get("/api/account/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="heirloom-account-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    const data = accountExportSchema.parse(res.json());
    expect(data.user).toMatchObject({ id: me.userId, email: me.email, name: "Grace Hopper" });
    expect(data.profile).toMatchObject({ zipCode: "10115", darkMode: "dark", accountTier: "a" });
    // Sign-up's session (written by the server) and the page's entry; nothing of the other user's.
    expect(data.activity.map((a) => a.action).sort()).toEqual(["document-download", "login"]);
    expect(data.activity.filter((a) => a.device === "Desktop")).toHaveLength(1);
    expect(data.vault?.saltHex).toBe(me.saltHex);
    expect(data.vault?.encryptedBlobs.encryptedPrivateKey).toBe(me.blobs.encryptedPrivateKey);
    expect(data.signInMethods.map((m) => m.provider)).toEqual(["credential"]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.withheld.length).toBeGreaterThan(0);
    // The stored objects as metadata (their bytes are ciphertext), never another user's, never a download token.
    expect(data.storageObjects).toEqual([
      expect.objectContaining({ path: ownPath, size: 48, contentType: "application/octet-stream" }),
    ]);
    const [row] = await t.database.db
      .selectFrom("storage_objects")
      .select("download_token")
      .where("full_path", "=", ownPath)
      .execute();
    expect(row?.download_token.length).toBeGreaterThan(10);
    expect(res.body).not.toContain(row?.download_token);

    // No credential of any kind, and nothing of the other user.
    const text = res.body;
    const sessionToken = [...me.client.cookies.values()].join(" ");
    for (const secret of [me.authKey, me.recoveryAuthKey, "$argon2id$", other.email, "theirs"]) {
      expect(text).not.toContain(secret);
    }
    for (const cookie of sessionToken.split(/[ .]/).filter((p) => p.length > 16))
      expect(text).not.toContain(cookie);
  });

  it("carries the legacy circle: contacts, plans with their items and sealed letters, and who named the user", async () => {
    const owner = await signUp(t.app, { name: "olive owner" });
    const contact = await signUp(t.app, { name: "cora contact" });
    const details = "v1.c2VhbGVkLWl2:c2VhbGVkLWRldGFpbHM=";
    const invited = await owner.client.post("/api/legacy/contacts", { email: contact.email, details });
    const contactId = (invited.json() as { id: string }).id;
    const [mail] = await t.mailTo(contact.email);
    const token = /#token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
    expect((await contact.client.post("/api/legacy/invitation/accept", { token })).statusCode).toBe(200);
    const documentId = "0b6f7c1e-1d2a-4f4e-9a63-2f1e0c9d8b7a";
    await upload(
      t.app,
      owner.client,
      `users/${owner.userId}/documents/${documentId}/key`,
      new Uint8Array(48),
    );
    const planId = "7f3c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
    const settings = { trigger: { kind: "shareNow" }, trustees: null, timeLimitDays: null };
    expect((await owner.client.post("/api/legacy/plans", { id: planId, details, settings })).statusCode).toBe(
      201,
    );
    await owner.client.post(`/api/legacy/plans/${planId}/items`, {
      items: [{ kind: "document", id: documentId }],
    });
    await owner.client.post(`/api/legacy/plans/${planId}/recipients`, { contactId });
    const letter = { id: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", sealed: details, ownerDek: details };
    await owner.client.put(`/api/legacy/plans/${planId}/recipients/${contactId}/letter`, letter);

    const mine = accountExportSchema.parse((await owner.client.get("/api/account/export")).json());
    expect(mine.legacy.contacts).toEqual([
      expect.objectContaining({ id: contactId, email: contact.email, state: "accepted", details }),
    ]);
    expect(mine.legacy.plans).toEqual([
      expect.objectContaining({
        id: planId,
        trigger: "shareNow",
        state: "released",
        items: [{ kind: "document", id: documentId }],
        recipients: [expect.objectContaining({ contactId, letterSealed: details })],
      }),
    ]);
    expect(mine.legacy.namedBy).toEqual([]);
    const theirs = accountExportSchema.parse((await contact.client.get("/api/account/export")).json());
    expect(theirs.legacy.namedBy).toEqual([
      expect.objectContaining({ ownerName: "Olive Owner", state: "accepted" }),
    ]);
    expect(theirs.legacy.plans).toEqual([]);
  });

  it("needs a session", async () => {
    expect((await new Client(t.app).get("/api/account/export")).statusCode).toBe(401);
  });
});
