import {
  createAccountKeys,
  dangerouslyExportVaultKeyB64,
  deriveAuthKey,
  deriveVaultKey,
  type KdfParams,
  unlockAccount,
} from "@heirloom/crypto";
import type { Browser } from "playwright-core";
import { openPage, randomAddress, type WatchedPage } from "./browser.ts";

// Accounts for browser journeys that are not about sign-up: made in Node with the real crypto package and the same
// HTTP calls, in the same order, as the browser's sign-up (apps/web/app/features/auth). The server sees exactly what it
// would see from the page: a derived auth key and encrypted blobs.

export interface TestAccount {
  email: string;
  password: string;
  name: string;
  userId: string;
  saltHex: string;
  kdf: KdfParams;
  /** The printable recovery key (what the kit shows). */
  recoveryKey: string;
  /** The auth key of `password`, as the server knows it. */
  authKey: string;
}

let counter = 0;
export const uniqueEmail = (prefix = "e2e") =>
  `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;

/** Reads `name=value` pairs out of Set-Cookie headers. */
function cookiesOf(response: Response): Map<string, string> {
  const jar = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return jar;
}

/** A small HTTP client for one base URL: JSON in and out, our Origin, its own client address, a cookie jar. */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  readonly address = randomAddress();
  readonly baseUrl: string;
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async request(method: "GET" | "POST" | "PUT" | "PATCH", path: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        origin: this.baseUrl,
        accept: "application/json",
        "x-forwarded-for": this.address,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    });
    for (const [k, v] of cookiesOf(response)) {
      if (v === "") this.cookies.delete(k);
      else this.cookies.set(k, v);
    }
    return response;
  }

  /** POST/PUT/GET that must succeed; returns the JSON body (or null for an empty one). */
  async ok<T = unknown>(method: "GET" | "POST" | "PUT" | "PATCH", path: string, body?: unknown): Promise<T> {
    const response = await this.request(method, path, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }
}

/** The auth key for `password` with the account's current salt and parameters (prelogin). */
export async function authKeyFor(baseUrl: string, email: string, password: string): Promise<string> {
  const pre = await new HttpClient(baseUrl).ok<{ saltHex: string; kdf: KdfParams }>(
    "POST",
    "/api/account/prelogin",
    { email },
  );
  return deriveAuthKey(await deriveVaultKey(password, pre.saltHex, pre.kdf));
}

/** Creates a complete account (auth credential, profile, keys, recovery wraps) as the sign-up page would. */
export async function createAccount(
  baseUrl: string,
  options: { email?: string; password?: string; name?: string } = {},
): Promise<TestAccount> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? `correct horse ${Math.random().toString(36).slice(2, 8)} staple`;
  const name = options.name ?? "test person";
  const http = new HttpClient(baseUrl);
  const check = await http.ok<{ success: boolean; error?: string }>(
    "POST",
    "/api/account/preliminary-check",
    { email, name, accType: "individual" },
  );
  if (!check.success) throw new Error(`preliminary check refused ${email}: ${check.error}`);
  const { saltHex, kdf } = await http.ok<{ saltHex: string; kdf: KdfParams }>(
    "POST",
    "/api/account/prelogin",
    { email },
  );
  const vaultKey = await deriveVaultKey(password, saltHex, kdf);
  const authKey = await deriveAuthKey(vaultKey);
  const signedUp = await http.ok<{ user: { id: string } }>("POST", "/api/auth/sign-up/email", {
    email,
    password: authKey,
    name,
  });
  const userId = signedUp.user.id;
  const keys = await createAccountKeys(vaultKey, userId);
  await http.ok("PUT", "/api/account/keys", {
    saltHex,
    blobs: keys.blobs,
    recovery: keys.recovery,
    recoveryAuthKey: keys.recoveryAuthKey,
  });
  return { email, password, name, userId, saltHex, kdf, recoveryKey: keys.recoveryKeyText, authKey };
}

/** Signs in over HTTP with email and password (derived in Node); resolves with the client holding the session. */
export async function signInHttp(baseUrl: string, email: string, password: string): Promise<HttpClient> {
  const http = new HttpClient(baseUrl);
  const authKey = await authKeyFor(baseUrl, email, password);
  await http.ok("POST", "/api/auth/sign-in/email", { email, password: authKey });
  return http;
}

/**
 * True when `password` opens the account's keys, checked as the browser would: prelogin salt, Argon2id, sign in,
 * GET the blobs, unlock them.
 */
export async function passwordUnlocksKeys(
  baseUrl: string,
  email: string,
  password: string,
): Promise<boolean> {
  const http = new HttpClient(baseUrl);
  const pre = await http.ok<{ saltHex: string; kdf: KdfParams }>("POST", "/api/account/prelogin", { email });
  const vaultKey = await deriveVaultKey(password, pre.saltHex, pre.kdf);
  const signIn = await http.request("POST", "/api/auth/sign-in/email", {
    email,
    password: await deriveAuthKey(vaultKey),
  });
  if (!signIn.ok) return false;
  const keys = await http.ok<{ userId: string; blobs: Parameters<typeof unlockAccount>[2] }>(
    "GET",
    "/api/account/keys",
  );
  try {
    await unlockAccount(vaultKey, keys.userId, keys.blobs);
    return true;
  } catch {
    return false;
  }
}

/**
 * What a signed-in tab starts with: the session cookies (as the login page's sign-in sets them) and the vault key
 * and salt the login page leaves in the tab's sessionStorage.
 */
export async function signedInTabState(baseUrl: string, account: TestAccount) {
  const http = await signInHttp(baseUrl, account.email, account.password);
  const cookies = [...http.cookies].map(([name, value]) => ({
    name,
    value,
    domain: new URL(baseUrl).hostname,
    path: "/",
    httpOnly: true,
    secure: true,
    sameSite: "Lax" as const,
  }));
  const vaultKeyB64 = await dangerouslyExportVaultKeyB64(
    await deriveVaultKey(account.password, account.saltHex, account.kdf, { extractable: true }),
  );
  return { cookies, seed: [vaultKeyB64, account.saltHex] as const };
}

/** Puts signedInTabState's key and salt in the tab's sessionStorage (an init script, run before the page's own). */
export function seedVaultKey([key, salt]: readonly [string, string]) {
  // Once per tab, like the login page: a test that removes the key later must not see it come back on reload.
  if (sessionStorage.getItem("e2e-seeded")) return;
  sessionStorage.setItem("vaultKey", key);
  sessionStorage.setItem("vaultSalt", salt);
  sessionStorage.setItem("e2e-seeded", "1");
}

/**
 * A browser page already signed in as `account`, without going through the login page: a fresh server session
 * (POST /api/auth/sign-in/email from Node) as the context's cookie, and the tab's vault key and salt in sessionStorage,
 * exactly what the login page leaves behind. Use for journeys that are not about logging in.
 */
export async function openSignedInPage(
  browser: Browser,
  baseUrl: string,
  account: TestAccount,
  options: Parameters<typeof openPage>[1] = {},
): Promise<WatchedPage> {
  const { cookies, seed } = await signedInTabState(baseUrl, account);
  const watched = await openPage(browser, options);
  await watched.context.addCookies(cookies);
  await watched.context.addInitScript(seedVaultKey, seed);
  return watched;
}
