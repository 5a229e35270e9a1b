import { AddInfoPage } from "#app/features/auth/add-info-page.tsx";
import { requireSignedInPage, SignedInPageFallback } from "#app/features/session/require-signed-in-page.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";

export const meta = () =>
  pageMeta(
    "Add your details",
    "Complete your Heirloom profile with your date of birth and postcode. You can change them later.",
  );

// SPEC.md section 6: signed-in users only; a visitor goes to /login.
export const clientLoader = () => requireSignedInPage();
clientLoader.hydrate = true as const;
export const HydrateFallback = SignedInPageFallback;

export default function AddInfo() {
  return <AddInfoPage />;
}
