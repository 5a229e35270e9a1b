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
    await me.client.post("/api/account/activity", { action: "login", device: "Desktop", operating: "Linux" });
    await other.client.post("/api/account/activity", { action: "theirs", device: "Phone", operating: "iOS" });
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
    expect(data.activity.map((a) => a.action)).toEqual(["login"]);
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

  it("needs a session", async () => {
    expect((await new Client(t.app).get("/api/account/export")).statusCode).toBe(401);
  });
});
