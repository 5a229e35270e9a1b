import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startSmtpSink } from "./support/mail.ts";
import { oidcClient, startOidcProvider } from "./support/oidc.ts";
import { freePort, startServer } from "./support/server.ts";

/** The one admin of the e2e server (ADMIN_EMAILS). */
export const adminEmail = "admin-e2e@example.com";

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
    TRUST_PROXY: "true",
    // The articles editor's journey verifies this address (e2e/articles-editor.test.ts); nobody else is an admin.
    ADMIN_EMAILS: adminEmail,
    SOCIAL_GOOGLE_CLIENT_ID: oidcClient.id,
    SOCIAL_GOOGLE_CLIENT_SECRET: oidcClient.secret,
    SOCIAL_GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
  };
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  const server = await startServer(env, port);
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", server.dataDir);
  project.provide("mailDir", mailDir);
  project.provide("oidcIssuer", oidc.issuer);
  project.provide("databaseUrl", env.DATABASE_URL);
  return async () => {
    await server.stop();
    await Promise.all([smtp.close(), oidc.close()]);
    rmSync(mailDir, { recursive: true, force: true });
  };
}
