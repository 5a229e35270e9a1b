import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";

export const meta = () => sectionMeta("serviceAccount");

export default function ServiceAccount() {
  return <SectionPage {...sections.serviceAccount} />;
}
