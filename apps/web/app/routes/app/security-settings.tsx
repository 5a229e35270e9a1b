import { AccountStatusPanel } from "../../components/account/account-status-panel.tsx";
import { RecoveryKitPanel } from "../../components/account/recovery-kit-panel.tsx";
import { ActiveSessionsPanel } from "../../components/app/active-sessions-panel.tsx";
import { ChangePasswordPanel } from "../../components/app/change-password-panel.tsx";
import { MfaStatusPanel } from "../../components/app/mfa-status-panel.tsx";
import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";
import { useShellContext } from "../../components/app/shell-context.ts";

export const meta = () => sectionMeta("securitySettings");

export default function SecuritySettings() {
  const { user } = useShellContext();
  return (
    <SectionPage {...sections.securitySettings}>
      <MfaStatusPanel enabled={user.twoFactorEnabled} />
      <ActiveSessionsPanel />
      <ChangePasswordPanel />
      <RecoveryKitPanel email={user.email} userId={user.uid} twoFactorEnabled={user.twoFactorEnabled} />
      <AccountStatusPanel />
    </SectionPage>
  );
}
