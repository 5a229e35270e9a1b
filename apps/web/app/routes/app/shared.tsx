import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";

export const meta = () => sectionMeta("shared");

export default function Shared() {
  return <SectionPage {...sections.shared} />;
}
