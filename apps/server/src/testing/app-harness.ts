import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { KyselyPlugin } from "kysely";
import pg from "pg";
import { type BuildOptions, buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/database.ts";
import type { StoredMail } from "../mail/mailer.ts";
import { readOutbox } from "../mail/outbox-mailer.ts";

/**
 * Test-only: a whole app (buildApp) on each database engine the run covers: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set (a fresh database per app, dropped on close).
 */
export interface TestApp {
  app: FastifyInstance;
  /** A second connection to the same database, to look at rows directly. */
  database: Database;
  dataDir: string;
  /** The app's database (a second app on it stands in for another server). */
  databaseUrl: string;
  /** Waits until the mail the app sends after answering has gone out. */
  settled(): Promise<void>;
  /** The outbox's messages to `to`, newest first, once every mail in flight has been written. */
  mailTo(to: string): Promise<StoredMail[]>;
  close(): Promise<void>;
}

export const engines = (env = process.env): ("sqlite" | "postgres")[] =>
  env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export const testSecret = "test-secret-test-secret-test-secret-123456";

export async function startTestApp(
  engine: "sqlite" | "postgres",
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "heirloom-accounts-"));
  let databaseUrl = `sqlite://${path.join(dataDir, "heirloom.sqlite")}`;
  let dropDatabase = async () => {};
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (engine === "postgres" && adminUrl) {
    const name = `heirloom_test_${randomBytes(6).toString("hex")}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: databaseUrl,
    SECRET_KEY: testSecret,
    ...env,
  });
  let settled = async () => {};
  const app = await buildApp(config, {
    ...options,
    onBackground: (wait) => {
      settled = wait;
      options.onBackground?.(wait);
    },
  });
  appOrigins.set(app, config.publicUrl);
  const database = await openDatabase(databaseUrl, { plugins: [nextTurnAfterEachQuery] });
  return {
    app,
    database,
    dataDir,
    databaseUrl,
    settled: () => settled(),
    async mailTo(to) {
      await settled();
      return (await readOutbox(path.join(dataDir, "outbox"))).filter((m) => m.to === to);
    },
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The second connection stands for another process. On SQLite the app sees another process's writes from its next
 * turn of the event loop (its reads share a snapshot per turn, ADR 050), and a test's awaits can all run in one turn:
 * each query here ends by waiting for the next turn, so what a test wrote is what the app reads next.
 */
const nextTurnAfterEachQuery: KyselyPlugin = {
  transformQuery: ({ node }) => node,
  async transformResult({ result }) {
    await new Promise((resolve) => setImmediate(resolve));
    return result;
  },
};

async function adminQuery(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Random stand-ins for the browser's derived values: the server cannot tell them from real ones. */
export const randomKey = () => randomBytes(32).toString("base64url");
export const randomSaltHex = () => randomBytes(32).toString("hex");
const sealed = (n = 48) => `v1.${randomBytes(12).toString("base64")}:${randomBytes(n).toString("base64")}`;
const pem = () => {
  const body = randomBytes(294)
    .toString("base64")
    .match(/.{1,64}/g)
    ?.join("\n");
  return `-----BEGIN PUBLIC KEY-----\n${body}\n-----END PUBLIC KEY-----\n`;
};
export const sampleBlobs = () => ({
  ownerEncryptedDek: sealed(),
  publicKeyPem: pem(),
  encryptedPrivateKey: sealed(2400),
  signingPublicKeyPem: pem(),
  encryptedSigningPrivateKey: sealed(64),
});
export const sampleRecovery = () => ({
  recoveryEncryptedDek: sealed(),
  recoveryEncryptedPrivateKey: sealed(2400),
  recoveryEncryptedSigningPrivateKey: sealed(64),
});

/** The Origin a page of each app sends: PUBLIC_URL's (http://localhost:8080 unless a test sets it). */
const appOrigins = new WeakMap<FastifyInstance, string>();
export const originOf = (app: FastifyInstance) => appOrigins.get(app) ?? "http://localhost:8080";
let addressCounter = 1;
/** A fresh client address, so per-IP limits of one test do not spill into the next. */
export const freshAddress = () => `198.51.100.${addressCounter++ % 250}`;

/** A browser stand-in: keeps cookies, sends our own Origin, comes from one address. */
export class Client {
  readonly cookies = new Map<string, string>();
  readonly app: FastifyInstance;
  readonly address: string;
  constructor(app: FastifyInstance, address = freshAddress()) {
    this.app = app;
    this.address = address;
  }

  async request(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.address,
      headers: {
        origin: originOf(this.app),
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    this.keepCookies(res);
    return res;
  }
  get = (url: string) => this.request("GET", url);
  post = (url: string, body: unknown = {}) => this.request("POST", url, body);
  put = (url: string, body: unknown) => this.request("PUT", url, body);
  patch = (url: string, body: unknown) => this.request("PATCH", url, body);

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  keepCookies(res: LightMyRequestResponse) {
    for (const cookie of res.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === "" || cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

export interface SignedUp {
  client: Client;
  email: string;
  authKey: string;
  userId: string;
  saltHex: string;
  blobs: ReturnType<typeof sampleBlobs>;
  recovery: ReturnType<typeof sampleRecovery>;
  recoveryAuthKey: string;
}

let emailCounter = 0;
export const uniqueEmail = (prefix = "user") =>
  `${prefix}.${Date.now().toString(36)}.${emailCounter++}@example.com`;

/** The browser's sign-up: prelogin salt, sign-up with the auth key, then save the keys. */
export async function signUp(
  app: FastifyInstance,
  options: { email?: string; name?: string } = {},
): Promise<SignedUp> {
  const client = new Client(app);
  const email = options.email ?? uniqueEmail();
  const pre = await client.post("/api/account/prelogin", { email });
  const { saltHex } = pre.json() as { saltHex: string };
  const authKey = randomKey();
  const res = await client.post("/api/auth/sign-up/email", {
    email,
    password: authKey,
    name: options.name ?? "ada lovelace",
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const userId = (res.json() as { user: { id: string } }).user.id;
  const blobs = sampleBlobs();
  const recovery = sampleRecovery();
  const recoveryAuthKey = randomKey();
  const saved = await client.put("/api/account/keys", { saltHex, blobs, recovery, recoveryAuthKey });
  if (saved.statusCode !== 204) throw new Error(`save keys failed: ${saved.statusCode} ${saved.body}`);
  return { client, email, authKey, userId, saltHex, blobs, recovery, recoveryAuthKey };
}

export async function signIn(app: FastifyInstance, email: string, authKey: string, client = new Client(app)) {
  const res = await client.post("/api/auth/sign-in/email", { email, password: authKey });
  return { client, res };
}
