import { SettingsPanel } from "./settings-panel.tsx";

/**
 * Change password. Placeholder: the accounts pages replace this component (same name and file) with the form that
 * re-authenticates, derives the new vault key and re-wraps the account's keys (docs/architecture.md 2.4).
 */
export function ChangePasswordPanel() {
  return (
    <SettingsPanel
      id="password-title"
      title="Change password"
      description="Your password unlocks your vault. Changing it re-encrypts your keys in this browser; your documents stay as they are, and every other session is signed out."
    >
      <p className="rounded-xl bg-surface-sunken px-4 py-3 text-[0.9375rem] text-ink-muted">
        Changing your password from here arrives soon.
      </p>
    </SettingsPanel>
  );
}
