import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("passwords");

export default function Passwords() {
  return <SectionPage {...sections.passwords} />;
}
