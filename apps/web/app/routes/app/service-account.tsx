import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("serviceAccount");

export default function ServiceAccount() {
  return <SectionPage {...sections.serviceAccount} />;
}
