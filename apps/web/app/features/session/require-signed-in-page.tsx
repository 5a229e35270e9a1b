import type { SessionUser } from "@heirloom/contract";
import { redirect } from "react-router";
import { LoadingScreen } from "#app/features/site/loading-screen.tsx";
import { loginPath } from "./redirects.ts";
import { readStored, sessionStore, vaultStorageKeys } from "./vault-storage.ts";

/**
 * The clientLoader of a page outside the signed-in shell that still needs a signed-in user (/AddInfo, /Payment,
 * /ConfirmEmail; SPEC.md section 6): a visitor goes to /login. Like /Login's redirect, "signed in" means signed in
 * in this tab: a tab without a vault key goes to /login without asking the server (so a visitor's page makes no
 * request that would answer 401). The session code loads on first use, so the page's own chunk stays light. Set
 * `clientLoader.hydrate = true` and export SignedInPageFallback as HydrateFallback, so a visitor never sees the page
 * before the redirect.
 */
export async function requireSignedInPage(): Promise<{ user: SessionUser }> {
  if (readStored(sessionStore(), vaultStorageKeys.vaultKey) === null) throw redirect(loginPath);
  const { requireSignedInClient } = await import("./guards.ts");
  return { user: await requireSignedInClient() };
}

/** What the page shows while the browser asks who is signed in (SPEC.md section 2: a loader, wordmark to /app). */
export function SignedInPageFallback() {
  return <LoadingScreen variant="other" />;
}
