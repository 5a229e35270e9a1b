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
  return (
    <SectionPage {...sections.securitySettings}>
      <MfaStatusPanel user={user} />
      <ActiveSessionsPanel />
      <ChangePasswordPanel user={user} />
      <DeleteAccountPanel user={user} />
    </SectionPage>
  );
}
