import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";

export const meta = () => sectionMeta("contactPreferences");

export default function ContactPreferences() {
  return <SectionPage {...sections.contactPreferences} />;
}
