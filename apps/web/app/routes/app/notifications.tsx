import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";

export const meta = () => sectionMeta("notifications");

export default function Notifications() {
  return <SectionPage {...sections.notifications} />;
}
