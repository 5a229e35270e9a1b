import {
  activityMessages,
  activityPageSchema,
  browserActivityActions,
  errorBodySchema,
  routineActivityActions,
  securityActivityActions,
} from "@heirloom/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hotp } from "../auth/totp.ts";
import { call, objectUrl, upload } from "../storage/storage-harness.ts";
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
import { base32Decode } from "../testing/totp.ts";

// The server writes the activity log itself where it sees the action (services/activity.service.ts): a page that
// never calls POST /api/account/activity still leaves every sign-in, sign-out, password change... in the log.

const chromeOnLinux =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const safariOnIphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

/** A Client whose every request says it comes from this browser. */
class BrowserClient extends Client {
  userAgent = chromeOnLinux;
  override request(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    return super.request(method, url, body, { "user-agent": this.userAgent, ...headers });
  }
}

const log = async (client: Client) =>
  activityPageSchema.parse((await client.get("/api/account/activity?limit=100")).json()).entries;

const newVaultBlobs = () => {
  const { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey } = sampleBlobs();
  return { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey };
};

describe.each(engines())("the activity log written by the server on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signInAs(email: string, authKey: string, userAgent = chromeOnLinux) {
    const client = new BrowserClient(t.app);
    client.userAgent = userAgent;
    const res = await client.post("/api/auth/sign-in/email", { email, password: authKey });
    expect(res.statusCode).toBe(200);
    return client;
  }

  it("keeps sign-in, sign-out, a new device, a password change and an export, each with device and system", async () => {
    const user = await signUp(t.app);
    const laptop = await signInAs(user.email, user.authKey);
    expect((await laptop.post("/api/auth/sign-out")).statusCode).toBe(200);
    const phone = await signInAs(user.email, user.authKey, safariOnIphone);
    const changed = await phone.post("/api/account/password", {
      currentAuthKey: user.authKey,
      newAuthKey: randomKey(),
      newSaltHex: randomSaltHex(),
      blobs: newVaultBlobs(),
    });
    expect(changed.statusCode).toBe(204);
    expect((await phone.get("/api/account/export")).statusCode).toBe(200);

    // Entries of the same millisecond have no order between them: compare what each browser did.
    const entries = await log(phone);
    const by = (device: string) =>
      entries
        .filter((e) => e.device === device)
        .map((e) => `${e.action} ${e.operating}`)
        .sort();
    expect(by("Chrome on a computer")).toEqual(["login Linux", "logout Linux", "new-device Linux"]);
    expect(by("Safari on a phone")).toEqual([
      "export iOS",
      "login iOS",
      "new-device iOS",
      "password-change iOS",
    ]);
  });

  it("keeps two-step sign-in turned on and off", async () => {
    const user = await signUp(t.app);
    const client = await signInAs(user.email, user.authKey);
    const enabled = await client.post("/api/auth/two-factor/enable", { password: user.authKey });
    expect(enabled.statusCode).toBe(200);
    const secret = base32Decode(new URL(enabled.json().totpURI).searchParams.get("secret") ?? "");
    const step = Math.floor(Date.now() / 30_000);
    expect(
      (await client.post("/api/auth/two-factor/verify-totp", { code: hotp(secret, step) })).statusCode,
    ).toBe(200);
    const disabled = await client.post("/api/auth/two-factor/disable", {
      password: user.authKey,
      code: hotp(secret, step + 1),
    });
    expect(disabled.statusCode).toBe(200);
    const changes = (await log(client)).filter((e) => e.action.startsWith("two-factor"));
    expect(changes.map((e) => e.action).sort()).toEqual(["two-factor-disable", "two-factor-enable"]);
    for (const change of changes)
      expect(change).toMatchObject({ device: "Chrome on a computer", operating: "Linux" });
  });

  it("turning two-step sign-in on or off is not a sign-in, though better-auth gives the browser a new session", async () => {
    const user = await signUp(t.app);
    const client = await signInAs(user.email, user.authKey);
    const before = await log(client);
    const { lastLogin } = (await client.get("/api/account/profile")).json();
    const enabled = await client.post("/api/auth/two-factor/enable", { password: user.authKey });
    const secret = base32Decode(new URL(enabled.json().totpURI).searchParams.get("secret") ?? "");
    const step = Math.floor(Date.now() / 30_000);
    expect(
      (await client.post("/api/auth/two-factor/verify-totp", { code: hotp(secret, step) })).statusCode,
    ).toBe(200);
    const afterOn = await log(client);
    expect(afterOn.filter((e) => !before.some((b) => b.id === e.id)).map((e) => e.action)).toEqual([
      "two-factor-enable",
    ]);
    const disabled = await client.post("/api/auth/two-factor/disable", {
      password: user.authKey,
      code: hotp(secret, step + 1),
    });
    expect(disabled.statusCode).toBe(200);
    const afterOff = await log(client);
    expect(afterOff.filter((e) => !afterOn.some((b) => b.id === e.id)).map((e) => e.action)).toEqual([
      "two-factor-disable",
    ]);
    // The last sign-in is still the real one.
    expect((await client.get("/api/account/profile")).json().lastLogin).toBe(lastLogin);
  });

  it("takes from a page only what a page alone sees; an event the server logs itself is refused with a 400", async () => {
    const user = await signUp(t.app);
    const client = await signInAs(user.email, user.authKey);
    const before = await log(client);
    // A script in the page must not forge the security record (a sign-out, a password change...) nor add a second
    // copy of an entry the server already wrote (an upload, a release).
    for (const action of [...securityActivityActions, ...routineActivityActions]) {
      const res = await client.post("/api/account/activity", {
        action,
        device: "Forged",
        operating: "Forged",
      });
      expect(res.statusCode, action).toBe(400);
      expect(errorBodySchema.parse(res.json()).error, action).toMatchObject({
        code: "validation_failed",
        fields: { action: activityMessages.serverWritten },
      });
    }
    // Nor a look-alike of one, which the log would show in words ("Password changed").
    const lookAlike = await client.post("/api/account/activity", {
      action: "password-changed",
      device: "Forged",
      operating: "Forged",
    });
    expect(lookAlike.statusCode).toBe(400);
    expect(errorBodySchema.parse(lookAlike.json()).error.fields).toEqual({
      action: activityMessages.notReportable,
    });
    expect(await log(client)).toEqual(before);

    for (const action of browserActivityActions) {
      const res = await client.post("/api/account/activity", {
        action,
        device: "Chrome",
        operating: "Linux",
      });
      expect(res.statusCode, action).toBe(204);
    }
    const added = (await log(client)).filter((e) => !before.some((b) => b.id === e.id));
    expect(added.map((e) => e.action).sort()).toEqual([...browserActivityActions].sort());
  });

  it("keeps a document's upload and deletion while routine logging is on, and only security events once it is off", async () => {
    const user = await signUp(t.app);
    const client = await signInAs(user.email, user.authKey);
    const folder = `users/${user.userId}/documents/doc-1/v1`;
    const bytes = new Uint8Array([1, 2, 3]);
    expect((await upload(t.app, client, `${folder}/header`, bytes)).statusCode).toBe(200);
    expect((await upload(t.app, client, `${folder}/manifest`, bytes)).statusCode).toBe(200);
    // A manifest written again (a rename, a re-signed manifest) is not a new upload.
    expect((await upload(t.app, client, `${folder}/manifest`, bytes)).statusCode).toBe(200);
    expect((await call(t.app, client, "DELETE", objectUrl(`${folder}/manifest`))).statusCode).toBe(204);
    expect((await call(t.app, client, "DELETE", objectUrl(`${folder}/header`))).statusCode).toBe(204);
    const documentActions = async (client: Client) =>
      (await log(client)).map((e) => e.action).filter((action) => action.startsWith("document-"));
    expect((await documentActions(client)).sort()).toEqual(["document-delete", "document-upload"]);

    // Routine logging off: a new upload leaves no entry, a sign-out and a sign-in still do.
    expect((await client.patch("/api/account/profile", { activityToggle: false })).statusCode).toBe(200);
    expect((await upload(t.app, client, `${folder}/manifest`, bytes)).statusCode).toBe(200);
    expect((await client.post("/api/auth/sign-out")).statusCode).toBe(200);
    const again = await signInAs(user.email, user.authKey);
    expect((await documentActions(again)).sort()).toEqual(["document-delete", "document-upload"]);
    const actions = (await log(again)).map((e) => e.action);
    expect(actions.filter((action) => action === "logout")).toHaveLength(1);
    // Sign-up's own session, then the two sign-ins.
    expect(actions.filter((action) => action === "login")).toHaveLength(3);
  });
});
