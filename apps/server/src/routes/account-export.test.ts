import { accountExportSchema } from "@heirloom/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
