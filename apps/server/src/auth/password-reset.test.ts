import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  randomKey,
  randomSaltHex,
  sampleBlobs,
  signIn,
  signUp,
  startTestApp,
  type TestApp,
} from "../testing/app-harness.ts";

describe("email-only password reset", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("sqlite");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("restores login but marks the vault locked until the recovery key is used", async () => {
    const user = await signUp(t.app);
    const anon = new Client(t.app);
    expect((await anon.post("/api/auth/request-password-reset", { email: user.email })).statusCode).toBe(200);
    const mail = (await t.mailTo(user.email)).find((m) => m.subject.includes("Reset"));
    const link = new URL(/https?:\/\/\S+\/recover\?\S+/.exec(mail?.text ?? "")?.[0] ?? "http://missing/");
    expect(link.pathname).toBe("/recover");
    expect(link.searchParams.get("email")).toBe(user.email);
    const token = link.searchParams.get("reset");
    expect(token).toBeTruthy();
    const newAuthKey = randomKey();
    const reset = await anon.post("/api/auth/reset-password", {
      token,
      newPassword: newAuthKey,
    });
    expect(reset.statusCode).toBe(200);
    expect((await user.client.get("/api/account/me")).statusCode).toBe(401);

    const { client } = await signIn(t.app, user.email, newAuthKey);
    expect((await client.get("/api/account/me")).json()).toMatchObject({ hasVault: true, vaultLocked: true });

    const started = (
      await anon.post("/api/account/recovery/start", {
        email: user.email,
        recoveryAuthKey: user.recoveryAuthKey,
      })
    ).json();
    const { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey } = sampleBlobs();
    const finalKey = randomKey();
    const done = await anon.post("/api/account/recovery/complete", {
      recoveryToken: started.recoveryToken,
      newAuthKey: finalKey,
      newSaltHex: randomSaltHex(),
      blobs: { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey },
    });
    expect(done.statusCode).toBe(204);
    const after = await signIn(t.app, user.email, finalKey);
    expect((await after.client.get("/api/account/me")).json().vaultLocked).toBe(false);
  });
});
