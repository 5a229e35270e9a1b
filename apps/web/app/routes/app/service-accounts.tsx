import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("serviceAccounts");

export default function ServiceAccounts() {
  return <SectionPage {...sections.serviceAccounts} />;
}
