import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";

export const meta = () => sectionMeta("serviceAccounts");

export default function ServiceAccounts() {
  return <SectionPage {...sections.serviceAccounts} />;
}
