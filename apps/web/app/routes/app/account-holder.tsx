import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("accountHolder");

export default function AccountHolder() {
  return <SectionPage {...sections.accountHolder} />;
}
