import { useState } from "react";
import { AccountStatusPanel } from "../../components/account/account-status-panel.tsx";
import { RecoveryKitPanel } from "../../components/account/recovery-kit-panel.tsx";
import { ActiveSessionsPanel } from "../../components/app/active-sessions-panel.tsx";
import { ChangePasswordPanel } from "../../components/app/change-password-panel.tsx";
import { DeleteAccountPanel } from "../../components/app/delete-account-panel.tsx";
import { MfaStatusPanel } from "../../components/app/mfa-status-panel.tsx";
import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";
import { useShellContext } from "../../components/app/shell-context.ts";

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
