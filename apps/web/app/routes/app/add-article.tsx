import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";

export const meta = () => sectionMeta("addArticle");

export default function AddArticle() {
  return <SectionPage {...sections.addArticle} />;
}
