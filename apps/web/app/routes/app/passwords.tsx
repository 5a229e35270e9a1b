import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";

export const meta = () => sectionMeta("passwords");

export default function Passwords() {
  return <SectionPage {...sections.passwords} />;
}
