import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("legacy");

export default function LegacySettings() {
  return <SectionPage {...sections.legacy} />;
}
