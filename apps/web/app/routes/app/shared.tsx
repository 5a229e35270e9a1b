import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("shared");

export default function Shared() {
  return <SectionPage {...sections.shared} />;
}
