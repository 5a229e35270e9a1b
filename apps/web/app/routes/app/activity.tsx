import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";

export const meta = () => sectionMeta("activity");

export default function Activity() {
  return <SectionPage {...sections.activity} />;
}
