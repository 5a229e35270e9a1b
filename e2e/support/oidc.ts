import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import type { Page } from "playwright-core";

// A local OpenID Connect provider (the oidc-provider package) standing in for Google in the browser journeys. Its
// development login page accepts any login: the login becomes the account's subject, and an email-shaped login is
// also its email (any other gets `${login}@social.example.com`).

export const oidcClient = { id: "heirloom-e2e", secret: "heirloom-e2e-secret" } as const;

export interface OidcProvider {
  issuer: string;
  discoveryUrl: string;
  close(): Promise<void>;
}

export const socialEmailFor = (login: string) =>
  login.includes("@") ? login : `${login}@social.example.com`;

export async function startOidcProvider(appBaseUrl: string): Promise<OidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: oidcClient.id,
        client_secret: oidcClient.secret,
        redirect_uris: [`${appBaseUrl}/api/auth/callback/google`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    async findAccount(_ctx: unknown, id: string) {
      return {
        accountId: id,
        async claims() {
          const local = id.split("@")[0] ?? id;
          return {
            sub: id,
            email: socialEmailFor(id),
            email_verified: true,
            name: local.replace(/[._-]+/g, " "),
          };
        },
      };
    },
    cookies: { keys: ["heirloom-e2e-cookie-key"] },
    features: { devInteractions: { enabled: true } },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * In the browser, on the provider's pages: signs in as `login` and consents (when asked), then waits until the
 * provider has sent the browser back to `appBaseUrl`.
 */
export async function completeOidcLogin(page: Page, login: string, appBaseUrl: string): Promise<void> {
  for (let step = 0; step < 6; step++) {
    await page.waitForLoadState("domcontentloaded");
    if (page.url().startsWith(appBaseUrl)) return;
    const loginField = page.locator('input[name="login"]');
    if (await loginField.count()) {
      await loginField.fill(login);
      await page.locator('input[name="password"]').fill("any password");
      await Promise.all([page.waitForNavigation(), page.locator('button[type="submit"]').first().click()]);
      continue;
    }
    const consent = page.locator('button[type="submit"]', { hasText: /continue/i });
    if (await consent.count()) {
      await Promise.all([page.waitForNavigation(), consent.first().click()]);
      continue;
    }
    await page.waitForURL((url) => url.toString().startsWith(appBaseUrl), { timeout: 10_000 });
  }
  await page.waitForURL((url) => url.toString().startsWith(appBaseUrl), { timeout: 10_000 });
}
