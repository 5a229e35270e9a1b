import { LinkList } from "../../components/app/link-list.tsx";
import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";

export const meta = () => sectionMeta("more");

const links = [
  { label: "Articles", description: "Planning, estates and keeping things safe.", to: "/articles" },
  { label: "Guides", description: "Step-by-step guides for common situations.", to: "/guides" },
  {
    label: "Legacy invitations",
    description: "Invitations you sent and received.",
    to: "/app/legacyinvitations",
  },
  { label: "Notifications", description: "Reminders and messages.", to: "/app/notifications" },
  { label: "Upgrade", description: "Premium storage and reminders.", to: "/app/Upgrade" },
  {
    label: "Browser check",
    description: "Whether this browser can run Heirloom's encryption.",
    to: "/tester",
  },
] as const;

export default function More() {
  return (
    <SectionPage {...sections.more}>
      <LinkList label="More pages" items={links} />
    </SectionPage>
  );
}
