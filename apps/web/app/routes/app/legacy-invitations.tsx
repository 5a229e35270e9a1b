import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";

export const meta = () => sectionMeta("legacyInvitations");

export default function LegacyInvitations() {
  return <SectionPage {...sections.legacyInvitations} />;
}
