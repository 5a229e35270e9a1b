import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("legacyInvitations");

export default function LegacyInvitations() {
  return <SectionPage {...sections.legacyInvitations} />;
}
