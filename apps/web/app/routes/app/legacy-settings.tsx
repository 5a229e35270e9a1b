import { LegacySettingsPage } from "#app/features/legacy-plans/legacy-settings-page.tsx";
import { sectionMeta } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("legacy");

export default function LegacySettings() {
  return <LegacySettingsPage />;
}
