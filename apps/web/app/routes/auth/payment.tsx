import { PaymentPage } from "#app/features/auth/payment-page.tsx";
import { requireSignedInPage, SignedInPageFallback } from "#app/features/session/require-signed-in-page.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";

export const meta = () =>
  pageMeta(
    "Payment",
    "Pay for Heirloom Premium. Card details go straight to our payment provider and never reach Heirloom's servers.",
  );

// SPEC.md section 6: signed-in users only; a visitor goes to /login.
export const clientLoader = () => requireSignedInPage();
clientLoader.hydrate = true as const;
export const HydrateFallback = SignedInPageFallback;

export default function Payment() {
  return <PaymentPage />;
}
