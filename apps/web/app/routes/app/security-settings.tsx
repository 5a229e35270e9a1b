import { AccountStatusPanel } from "#app/features/account/account-status-panel.tsx";
import { RecoveryKitPanel } from "#app/features/account/recovery-kit-panel.tsx";
import { ActiveSessionsPanel, refreshSessionsList } from "#app/features/auth/active-sessions-panel.tsx";
import { ChangePasswordPanel } from "#app/features/auth/change-password-panel.tsx";
import { DeleteAccountPanel } from "#app/features/auth/delete-account-panel.tsx";
import { MfaStatusPanel } from "#app/features/auth/mfa-status-panel.tsx";
import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";
import { useShellContext } from "#app/features/shell/shell-context.ts";

export const meta = () => sectionMeta("securitySettings");

export default function SecuritySettings() {
  const { user } = useShellContext();
  return (
    <SectionPage {...sections.securitySettings}>
      <AccountStatusPanel />
      <MfaStatusPanel user={user} />
      <ActiveSessionsPanel />
      <ChangePasswordPanel user={user} onChanged={() => void refreshSessionsList()} />
      <RecoveryKitPanel email={user.email} userId={user.uid} twoFactorEnabled={user.twoFactorEnabled} />
      <DeleteAccountPanel user={user} />
    </SectionPage>
  );
}
