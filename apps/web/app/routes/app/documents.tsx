import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";

export const meta = () => sectionMeta("documents");

export default function Documents() {
  return <SectionPage {...sections.documents} />;
}
