import { HelpResources } from "#app/features/prefs/help-topics.tsx";
import { OpenSectionPage } from "#app/features/shell/open-section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("help");

/** /account/help: public (SPEC.md section 6). */
export default function OpenHelp() {
  return (
    <OpenSectionPage
      title={sections.help.title}
      description={sections.help.description}
      signInPrompt="Sign in for help with your own vault and legacy plan."
      vaultLink={{ label: "Open help in your vault", to: "/app/help" }}
    >
      <HelpResources />
    </OpenSectionPage>
  );
}
