import { accountMessages } from "@heirloom/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  engines,
  randomKey,
  randomSaltHex,
  sampleBlobs,
  signUp,
  startTestApp,
  type TestApp,
} from "../testing/app-harness.ts";
import { base32Decode, stepNow } from "../testing/totp.ts";
import { hotp } from "./totp.ts";

async function enrol(client: Client, authKey: string, step: number) {
  const enabled = await client.post("/api/auth/two-factor/enable", { password: authKey });
  expect(enabled.statusCode).toBe(200);
  const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
  const uri = new URL(totpURI);
  expect(uri.searchParams.get("issuer")).toBe("Heirloom");
  const secret = base32Decode(uri.searchParams.get("secret") ?? "");
  const code = (s: number) => hotp(secret, s);
  const confirmed = await client.post("/api/auth/two-factor/verify-totp", { code: code(step) });
  expect(confirmed.statusCode).toBe(200);
  return { code, backupCodes };
}

describe.each(engines())("two-factor sign-in on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("enrolling needs the current password (auth key)", async () => {
    const user = await signUp(t.app);
    const res = await user.client.post("/api/auth/two-factor/enable", { password: randomKey() });
    expect(res.statusCode).toBe(400);
  });

  it("asks for the code at sign-in and never accepts the same code twice", async () => {
    const user = await signUp(t.app);
    const now = await stepNow();
    const { code, backupCodes } = await enrol(user.client, user.authKey, now);
    expect(backupCodes).toHaveLength(10);
    expect((await user.client.get("/api/account/me")).json().twoFactorEnabled).toBe(true);

    const client = new Client(t.app);
    const first = await client.post("/api/auth/sign-in/email", { email: user.email, password: user.authKey });
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await client.get("/api/account/me")).statusCode).toBe(401);

    const replay = await client.post("/api/auth/two-factor/verify-totp", { code: code(now) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toMatchObject({ reason: "INVALID_CODE" });
    const fresh = await client.post("/api/auth/two-factor/verify-totp", { code: code(now + 1) });
    expect(fresh.statusCode).toBe(200);
    expect((await client.get("/api/account/me")).statusCode).toBe(200);

    // The same fresh code cannot open a second sign-in.
    const other = new Client(t.app);
    await other.post("/api/auth/sign-in/email", { email: user.email, password: user.authKey });
    expect((await other.post("/api/auth/two-factor/verify-totp", { code: code(now + 1) })).statusCode).toBe(
      401,
    );
    // A backup code works once.
    const backup = await other.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0] });
    expect(backup.statusCode).toBe(200);
  });

  it("re-authentication for a password change needs a fresh code when enrolled", async () => {
    const user = await signUp(t.app);
    const now = await stepNow();
    const { code } = await enrol(user.client, user.authKey, now - 1);
    const { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey } = sampleBlobs();
    const body = (totpCode?: string) => ({
      currentAuthKey: user.authKey,
      newAuthKey: randomKey(),
      newSaltHex: randomSaltHex(),
      blobs: { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey },
      ...(totpCode ? { totpCode } : {}),
    });
    const missing = await user.client.post("/api/account/password", body());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ totpCode: accountMessages.totpRequired });
    const replayed = await user.client.post("/api/account/password", body(code(now - 1)));
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json().error.message).toBe(accountMessages.invalidTotp);
    expect((await user.client.post("/api/account/password", body(code(now)))).statusCode).toBe(204);
  });

  it("turning two-factor off needs the password and a fresh code; a wrong password does not use up the code", async () => {
    const user = await signUp(t.app);
    const now = await stepNow();
    const { code } = await enrol(user.client, user.authKey, now - 1);
    const off = (body: Record<string, unknown>) => user.client.post("/api/auth/two-factor/disable", body);

    const noCode = await off({ password: user.authKey });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error).toMatchObject({
      reason: "TOTP_REQUIRED",
      message: accountMessages.totpRequired,
    });
    const wrongPassword = await off({ password: randomKey(), code: code(now) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toMatchObject({ reason: "INVALID_PASSWORD" });
    const replayed = await off({ password: user.authKey, code: code(now - 1) });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error).toMatchObject({
      reason: "INVALID_CODE",
      message: accountMessages.invalidTotp,
    });
    expect((await user.client.get("/api/account/me")).json().twoFactorEnabled).toBe(true);

    // The code offered with the wrong password is still good.
    expect((await off({ password: user.authKey, code: code(now) })).statusCode).toBe(200);
    expect((await user.client.get("/api/account/me")).json().twoFactorEnabled).toBe(false);
  });
});
