import type { SessionUser } from "@heirloom/contract";
import { LoadingScreen } from "../../components/public/loading-screen.tsx";

/**
 * The clientLoader of a page outside the signed-in shell that still needs a signed-in user (/AddInfo, /Payment,
 * /ConfirmEmail; SPEC.md section 6): a visitor goes to /login. The session code loads on first use, so the page's
 * own chunk stays light. Set `clientLoader.hydrate = true` and export SignedInPageFallback as HydrateFallback, so
 * a visitor never sees the page before the redirect.
 */
export async function requireSignedInPage(): Promise<{ user: SessionUser }> {
  const { requireSignedInClient } = await import("./guards.ts");
  return { user: await requireSignedInClient() };
}

/** What the page shows while the browser asks who is signed in (SPEC.md section 2: a loader, wordmark to /app). */
export function SignedInPageFallback() {
  return <LoadingScreen variant="other" />;
}
