import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startSmtpSink } from "./support/mail.ts";
import { oidcClient, startOidcProvider } from "./support/oidc.ts";
import { freePort, startServer } from "./support/server.ts";

/** The admin of the e2e server (ADMIN_EMAILS) whose journey is the articles editor's. */
export const adminEmail = "admin-e2e@example.com";
/** A second admin, for the accessibility sweep of the signed-in area (e2e/signed-in-axe.test.ts). */
export const sweepAdminEmail = "axe-admin-e2e@example.com";
/** A third admin, who reads the page-view chart (e2e/account-truth.test.ts). */
export const analyticsAdminEmail = "analytics-admin-e2e@example.com";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** Where the SMTP sink keeps received mail (read with e2e/support/mail.ts). */
    mailDir: string;
    /** The local OpenID Connect provider standing in for Google. */
    oidcIssuer: string;
    /** The e2e server's DATABASE_URL, or undefined for its SQLite file in dataDir. */
    databaseUrl: string | undefined;
  }
}

/**
 * One real server for the browser journeys, on SQLite (or on DATABASE_URL when E2E_DATABASE_URL is set), sending mail
 * over SMTP to a real smtp-server process and offering social sign-in through a local OpenID Connect provider.
 */
export default async function setup(project: TestProject) {
  const mailDir = mkdtempSync(path.join(tmpdir(), "heirloom-e2e-mail-"));
  const smtp = await startSmtpSink(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const oidc = await startOidcProvider(baseUrl);
  const env: Record<string, string> = {
    PUBLIC_URL: baseUrl,
    SMTP_URL: smtp.url,
    TRUST_PROXY: "1",
    // Each file that needs an admin verifies its own address, so the files may run in any order; nobody else is one.
    ADMIN_EMAILS: `${adminEmail},${sweepAdminEmail},${analyticsAdminEmail}`,
    SOCIAL_GOOGLE_CLIENT_ID: oidcClient.id,
    SOCIAL_GOOGLE_CLIENT_SECRET: oidcClient.secret,
    SOCIAL_GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
  };
  // A fresh PostgreSQL database for every run, made through E2E_DATABASE_URL and dropped afterwards, so a run never
  // meets the accounts of an earlier one.
  let dropDatabase = async () => {};
  if (process.env.E2E_DATABASE_URL) {
    const fresh = await createFreshDatabase(process.env.E2E_DATABASE_URL);
    env.DATABASE_URL = fresh.url;
    dropDatabase = fresh.drop;
  }
  const server = await startServer(env, port);
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", server.dataDir);
  project.provide("mailDir", mailDir);
  project.provide("oidcIssuer", oidc.issuer);
  project.provide("databaseUrl", env.DATABASE_URL);
  return async () => {
    await server.stop();
    await Promise.all([smtp.close(), oidc.close()]);
    await dropDatabase();
    rmSync(mailDir, { recursive: true, force: true });
  };
}

async function createFreshDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `heirloom_e2e_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
