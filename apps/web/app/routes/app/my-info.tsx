import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";

export const meta = () => sectionMeta("myInfo");

export default function MyInfo() {
  return <SectionPage {...sections.myInfo} />;
}
