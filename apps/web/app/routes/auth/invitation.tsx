import { InvitationPage } from "#app/features/legacy-contacts/invitation-page.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";

export const meta = () => [
  ...pageMeta(
    "Your invitation",
    "Someone invited you to be their legacy contact on Heirloom: see who, what it means, and accept or decline.",
  ),
  // A link meant for one person: nothing here for a search engine.
  { name: "robots", content: "noindex" },
];

export default function Invitation() {
  return <InvitationPage />;
}
