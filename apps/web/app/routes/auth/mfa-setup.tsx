import { MfaSetupPage } from "#app/features/auth/mfa-setup-page.tsx";
import { requireSignedInPage, SignedInPageFallback } from "#app/features/session/require-signed-in-page.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";
import type { Route } from "./+types/mfa-setup";

export const meta = () =>
  pageMeta(
    "Set up two-factor sign-in",
    "Protect your Heirloom account with an authenticator app: scan a QR code or enter a key, confirm a six-digit code, and save your one-time backup codes.",
  );

// A visitor (or a tab without its vault key) goes to /login without a request; see requireSignedInPage.
export const clientLoader = () => requireSignedInPage();
clientLoader.hydrate = true as const;
export const HydrateFallback = SignedInPageFallback;

export default function MfaSetup({ loaderData }: Route.ComponentProps) {
  return <MfaSetupPage user={loaderData.user} />;
}
