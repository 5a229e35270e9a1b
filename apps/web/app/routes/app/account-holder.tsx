import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";

export const meta = () => sectionMeta("accountHolder");

export default function AccountHolder() {
  return <SectionPage {...sections.accountHolder} />;
}
