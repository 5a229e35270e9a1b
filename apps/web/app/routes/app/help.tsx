import { helpLinks } from "../../components/app/help-links.ts";
import { LinkList } from "../../components/app/link-list.tsx";
import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";

export const meta = () => sectionMeta("help");

export default function AppHelp() {
  return (
    <SectionPage {...sections.help}>
      <LinkList label="Help pages" items={helpLinks} />
    </SectionPage>
  );
}
