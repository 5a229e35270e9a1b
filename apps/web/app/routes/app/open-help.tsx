import { helpLinks } from "../../components/app/help-links.ts";
import { LinkList } from "../../components/app/link-list.tsx";
import { OpenSectionPage } from "../../components/app/open-section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";

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
      <LinkList label="Help pages" items={helpLinks} />
    </OpenSectionPage>
  );
}
