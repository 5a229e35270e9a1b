import { SignUpPage } from "#app/features/auth/sign-up-page.tsx";
import { redirectSignedInClient } from "#app/features/session/index.ts";
import { pageMeta } from "#app/features/site/page-meta.ts";

export const meta = () =>
  pageMeta(
    "Create your vault",
    "Create a free Heirloom vault: 1 GiB of encrypted storage and up to 200 documents, with legacy contacts and check-ins. Your keys are made in your browser.",
  );

/**
 * A tab that is already signed in (server session and vault key) goes to /app: on client navigations through this
 * clientLoader, and on a full page load through SignUpPage (features/auth/sign-up-page.tsx). The empty server loader
 * keeps the first render the server's HTML (no hydration fallback that would swap the form out while someone types).
 */
export const loader = () => null;
export const clientLoader = redirectSignedInClient;

export default SignUpPage;
