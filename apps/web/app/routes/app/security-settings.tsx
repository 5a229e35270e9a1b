import { useState } from "react";
import { AccountStatusPanel } from "#app/features/account/account-status-panel.tsx";
import { RecoveryKitPanel } from "#app/features/account/recovery-kit-panel.tsx";
import { ActiveSessionsPanel } from "#app/features/auth/active-sessions-panel.tsx";
import { ChangePasswordPanel } from "#app/features/auth/change-password-panel.tsx";
import { DeleteAccountPanel } from "#app/features/auth/delete-account-panel.tsx";
import { MfaStatusPanel } from "#app/features/auth/mfa-status-panel.tsx";
import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";
import { useShellContext } from "#app/features/shell/shell-context.ts";

export const meta = () => sectionMeta("securitySettings");

export default function SecuritySettings() {
  const { user } = useShellContext();
  // A password change ends every other session: the list is loaded again so it shows that.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    <SectionPage {...sections.securitySettings}>
      <AccountStatusPanel />
      <MfaStatusPanel user={user} />
      <ActiveSessionsPanel key={sessionsVersion} />
      <ChangePasswordPanel user={user} onChanged={() => setSessionsVersion((v) => v + 1)} />
      <RecoveryKitPanel email={user.email} userId={user.uid} twoFactorEnabled={user.twoFactorEnabled} />
      <DeleteAccountPanel user={user} />
    </SectionPage>
  );
}
