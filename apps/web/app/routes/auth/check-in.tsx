import { CheckInLinkPage } from "#app/features/check-in/check-in-link-page.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";

export const meta = () => [
  ...pageMeta(
    "Check in",
    "Tell Heirloom you are still here, or refuse a request for access, with one press.",
  ),
  // A link meant for one person: nothing here for a search engine.
  { name: "robots", content: "noindex" },
];

export default function CheckIn() {
  return <CheckInLinkPage />;
}
