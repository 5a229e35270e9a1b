import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";
import { HelpResources, HelpTopicCards } from "../../components/prefs/help-topics.tsx";

export const meta = () => sectionMeta("help");

export default function AppHelp() {
  return (
    <SectionPage {...sections.help}>
      <HelpTopicCards />
      <HelpResources />
    </SectionPage>
  );
}
