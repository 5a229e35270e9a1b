import { LinkList } from "#app/components/ui/link-list.tsx";
import { DisplaySettingsPanel } from "#app/features/account/display-settings-panel.tsx";
import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("settings");

const pages = [
  { label: "My info", description: "Your name, date of birth, postcode and picture.", to: "/app/MyInfo" },
  {
    label: "Account holder",
    description: "The people who named you as their legacy contact, and what they released to you.",
    to: "/app/AccountHolder",
  },
  {
    label: "Primary settings",
    description: "Your plan, account type, theme, time zone and start page.",
    to: "/app/primarysettings",
  },
  {
    label: "Contact preferences",
    description: "Email, text messages and check-in reminders.",
    to: "/app/contactpreferences",
  },
  { label: "Notifications", description: "Reminders and messages.", to: "/app/notifications" },
  {
    label: "Security settings",
    description: "Two-factor authentication, sessions and password.",
    to: "/app/securitysettings",
  },
  { label: "Legacy settings", description: "Who receives what, and when.", to: "/app/LegacySettings" },
  {
    label: "Your data",
    description: "Download everything Heirloom holds about you, or all your documents in one ZIP.",
    to: "/app/MyData#your-data-title",
  },
  { label: "Upgrade", description: "Premium storage and reminders.", to: "/app/Upgrade" },
] as const;

export default function Settings() {
  return (
    <SectionPage {...sections.settings}>
      <DisplaySettingsPanel />
      <LinkList label="Settings pages" items={pages} />
    </SectionPage>
  );
}
