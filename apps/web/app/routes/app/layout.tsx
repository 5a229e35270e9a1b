import { Outlet, useLocation } from "react-router";
import { useProfileTheme } from "#app/features/account/use-profile-theme.ts";
import { CheckInBanner } from "#app/features/check-in/check-in-banner.tsx";
import { WrapQueueRunner } from "#app/features/legacy-plans/wrap-queue-runner.tsx";
import {
  displayNameOf,
  requireSignedInClient,
  runStartupVaultCheck,
  signOut,
  useIdleSignOut,
  useSession,
  useVaultWatch,
} from "#app/features/session/index.ts";
import { AppShell } from "#app/features/shell/app-shell.tsx";
import { AppSkeleton } from "#app/features/shell/app-skeleton.tsx";
import type { ShellContext } from "#app/features/shell/shell-context.ts";
import type { Route } from "./+types/layout";

// The signed-in area renders only in the browser: the server sends the skeleton, the browser takes over.
// Visitors go to /login; a tab without its vault key is signed out by the startup check before anything renders.
export async function clientLoader() {
  const user = await requireSignedInClient();
  await runStartupVaultCheck();
  return { user };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AppSkeleton />;
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  useIdleSignOut();
  useVaultWatch();
  const { pathname } = useLocation();
  const live = useSession();
  const user = live.user ?? loaderData.user;
  const context: ShellContext = { user, profile: live.profile };
  useProfileTheme(live.profile?.DarkMode);
  return (
    <AppShell displayName={displayNameOf(user)} email={user.email} onSignOut={() => void signOut()}>
      <CheckInBanner />
      <div key={pathname} className="page-fade-in">
        <Outlet context={context} />
      </div>
      <WrapQueueRunner />
    </AppShell>
  );
}
