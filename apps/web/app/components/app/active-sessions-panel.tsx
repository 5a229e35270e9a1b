import { SettingsPanel } from "./settings-panel.tsx";

/**
 * Active sessions: the devices signed in to this account, each with a way to sign it out. Placeholder: the accounts
 * pages replace this component (same name and file) with the list from better-auth's sessions.
 */
export function ActiveSessionsPanel() {
  return (
    <SettingsPanel
      id="sessions-title"
      title="Active sessions"
      description="The browsers and devices signed in to your account. Sign out any you do not recognise."
    >
      <p className="rounded-xl bg-surface-sunken px-4 py-3 text-[0.9375rem] text-ink-muted">
        The list of your sessions arrives here soon. Until then, signing out here ends this browser's session;
        a password change ends all the others.
      </p>
    </SettingsPanel>
  );
}
