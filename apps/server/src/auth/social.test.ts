import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  engines,
  randomKey,
  randomSaltHex,
  sampleBlobs,
  sampleRecovery,
  startTestApp,
  type TestApp,
} from "../testing/app-harness.ts";
import { base32Decode, stepNow } from "../testing/totp.ts";
import { hotp } from "./totp.ts";

const publicUrl = "http://127.0.0.1:5997";

const account = { sub: "oidc-user-1", email: "social.person@example.com", name: "sally social" };

/** A tiny cookie jar for the identity provider's side of the flow (plain fetch, redirects followed by hand). */
class Jar {
  private readonly cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
  }
}

describe.each(engines())("social sign-in against a local OpenID Connect provider on %s", (engine) => {
  let server: Server;
  let issuer: string;
  let t: TestApp;

  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: "heirloom-test",
          client_secret: "heirloom-test-secret",
          redirect_uris: [`${publicUrl}/api/auth/callback/google`],
          grant_types: ["authorization_code"],
          response_types: ["code"],
        },
      ],
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
      async findAccount(_ctx: unknown, id: string) {
        return {
          accountId: id,
          async claims() {
            // The first test's person, or `${id}@example.com` for any other login.
            const email = id === account.sub ? account.email : `${id}@example.com`;
            const name = id === account.sub ? account.name : id;
            return { sub: id, email, email_verified: true, name };
          },
        };
      },
      cookies: { keys: ["test-cookie-key"] },
      features: { devInteractions: { enabled: true } },
    });
    server.on("request", provider.callback());
    t = await startTestApp(engine, {
      PUBLIC_URL: publicUrl,
      SOCIAL_GOOGLE_CLIENT_ID: "heirloom-test",
      SOCIAL_GOOGLE_CLIENT_SECRET: "heirloom-test-secret",
      SOCIAL_GOOGLE_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** POST sign-in/social, then the provider's pages as `login` until it sends the browser back: the callback URL. */
  async function throughProvider(client: Client, login: string, callbackURL = "/app"): Promise<string> {
    const start = await client.post("/api/auth/sign-in/social", { provider: "google", callbackURL });
    expect(start.statusCode).toBe(200);
    let url: string = start.json().url;
    expect(url.startsWith(`${issuer}/`)).toBe(true);

    // The provider's pages: follow redirects, sign in as the test account, consent, until it sends us back.
    const jar = new Jar();
    for (let hop = 0; hop < 20 && !url.startsWith(publicUrl); hop++) {
      const interaction = /\/interaction\/([^/?#]+)$/.exec(new URL(url).pathname);
      let res: Response;
      if (interaction) {
        const page = await fetch(url, { headers: { cookie: jar.header() }, redirect: "manual" });
        jar.keep(page);
        const html = await page.text();
        const prompt = html.includes('name="login"') ? "login" : "consent";
        const form = new URLSearchParams(prompt === "login" ? { prompt, login, password: "x" } : { prompt });
        res = await fetch(url, {
          method: "POST",
          headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
          body: form,
          redirect: "manual",
        });
      } else {
        res = await fetch(url, { headers: { cookie: jar.header() }, redirect: "manual" });
      }
      jar.keep(res);
      const location = res.headers.get("location");
      if (!location) throw new Error(`provider stopped at ${res.status} ${url}`);
      url = new URL(location, url).toString();
    }
    expect(url.startsWith(`${publicUrl}/api/auth/callback/google?`)).toBe(true);

    return url;
  }

  it("creates a user with a profile and no vault; the vault password then becomes a credential", async () => {
    const client = new Client(t.app);
    const url = await throughProvider(client, account.sub);
    const callback = await client.request("GET", url.slice(publicUrl.length));
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe("/app");

    const me = await client.get("/api/account/me");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: account.email,
      name: "Sally Social",
      hasVault: false,
      accountTier: "a",
    });
    expect((await client.get("/api/account/profile")).statusCode).toBe(200);

    // First vault: keys without a password are refused; with newAuthKey they create the email + password credential.
    const keys = {
      saltHex: randomSaltHex(),
      blobs: sampleBlobs(),
      recovery: sampleRecovery(),
      recoveryAuthKey: randomKey(),
    };
    expect((await client.put("/api/account/keys", keys)).statusCode).toBe(400);
    const newAuthKey = randomKey();
    expect((await client.put("/api/account/keys", { ...keys, newAuthKey })).statusCode).toBe(204);
    expect((await client.get("/api/account/me")).json().hasVault).toBe(true);
    const signIn = await new Client(t.app).post("/api/auth/sign-in/email", {
      email: account.email,
      password: newAuthKey,
    });
    expect(signIn.statusCode).toBe(200);
  });
  it("holds a provider's sign-in of an account with two-factor sign-in until the code is given", async () => {
    // A social account with a vault password (so it can enrol) and TOTP turned on.
    const login = "oidc-user-with-totp";
    const first = new Client(t.app);
    await first.request("GET", (await throughProvider(first, login)).slice(publicUrl.length));
    const authKey = randomKey();
    const keys = {
      saltHex: randomSaltHex(),
      blobs: sampleBlobs(),
      recovery: sampleRecovery(),
      recoveryAuthKey: randomKey(),
    };
    expect((await first.put("/api/account/keys", { ...keys, newAuthKey: authKey })).statusCode).toBe(204);
    const enabled = await first.post("/api/auth/two-factor/enable", { password: authKey });
    const secret = base32Decode(new URL(enabled.json().totpURI).searchParams.get("secret") ?? "");
    const step = await stepNow();
    expect(
      (await first.post("/api/auth/two-factor/verify-totp", { code: hotp(secret, step - 1) })).statusCode,
    ).toBe(200);

    // Next time through the provider: no session yet, the login page's code step instead.
    const client = new Client(t.app);
    const url = await throughProvider(client, login, "/Login?social=1");
    const callback = await client.request("GET", url.slice(publicUrl.length));
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe("/Login?social=1&twoFactor=1");
    expect((await client.get("/api/account/me")).statusCode).toBe(401);

    const wrong = await client.post("/api/auth/two-factor/verify-totp", { code: hotp(secret, step - 1) });
    expect(wrong.statusCode).toBe(401);
    expect((await client.get("/api/account/me")).statusCode).toBe(401);
    expect(
      (await client.post("/api/auth/two-factor/verify-totp", { code: hotp(secret, step) })).statusCode,
    ).toBe(200);
    const me = await client.get("/api/account/me");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: `${login}@example.com`, twoFactorEnabled: true });
  });
});
