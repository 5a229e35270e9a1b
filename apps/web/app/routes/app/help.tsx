import { HelpResources, HelpTopicCards } from "#app/features/prefs/help-topics.tsx";
import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("help");

export default function AppHelp() {
  return (
    <SectionPage {...sections.help}>
      <HelpTopicCards />
      <HelpResources />
    </SectionPage>
  );
}
