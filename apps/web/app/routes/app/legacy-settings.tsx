import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";

export const meta = () => sectionMeta("legacy");

export default function LegacySettings() {
  return <SectionPage {...sections.legacy} />;
}
