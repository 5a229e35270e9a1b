import { LoginPage } from "#app/features/auth/login-page.tsx";
import { redirectSignedInClient } from "#app/features/session/redirect-signed-in.ts";
import { pageMeta } from "#app/features/site/page-meta.ts";

export const meta = () =>
  pageMeta(
    "Sign in",
    "Sign in to your Heirloom vault. Your password is used in your browser to unlock your keys and is never sent to us.",
  );

// A tab that is already signed in (server session and vault key) goes to /app. Runs on the first load too; the
// server-rendered form shows meanwhile, and a visitor's tab makes no request for it.
export async function clientLoader() {
  return redirectSignedInClient();
}
clientLoader.hydrate = true as const;

export default function Login() {
  return <LoginPage />;
}
