import { LinkList, type LinkListItem } from "#app/components/ui/link-list.tsx";
import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";
import { useShellContext } from "#app/features/shell/shell-context.ts";

export const meta = () => sectionMeta("more");

const accountPages: readonly LinkListItem[] = [
  {
    label: "Notifications",
    description: "Security notices, reminders and messages.",
    to: "/app/notifications",
  },
  {
    label: "Contact preferences",
    description: "Email, text messages, your mobile number and check-in frequency.",
    to: "/app/contactpreferences",
  },
  { label: "Activity", description: "Sign-ins and changes, with device and system.", to: "/app/Activity" },
  { label: "My info", description: "Your name, date of birth and postcode.", to: "/app/MyInfo" },
  {
    label: "Account holder",
    description: "The people who named you as their legacy contact, and what they released to you.",
    to: "/app/AccountHolder",
  },
  {
    label: "Legacy invitations",
    description: "Invitations you sent and received.",
    to: "/app/legacyinvitations",
  },
  { label: "Upgrade", description: "Premium storage and reminders.", to: "/app/Upgrade" },
];

const readingPages: readonly LinkListItem[] = [
  { label: "Articles", description: "Planning, estates and keeping things safe.", to: "/articles" },
  { label: "Guides", description: "Step-by-step guides for common situations.", to: "/guides" },
  { label: "Help", description: "Help topics, common questions and support.", to: "/app/help" },
  {
    label: "Browser check",
    description: "Whether this browser can run Heirloom's encryption.",
    to: "/tester",
  },
];

/** /app/More: the secondary pages the side panel leaves out. Editors also see the articles editor. */
export default function More() {
  const { user } = useShellContext();
  return (
    <SectionPage {...sections.more}>
      <section aria-labelledby="more-account-title">
        <h2 id="more-account-title" className="mb-3 text-xl font-semibold">
          Your account
        </h2>
        <LinkList label="Account pages" items={accountPages} />
      </section>
      <section aria-labelledby="more-reading-title">
        <h2 id="more-reading-title" className="mb-3 text-xl font-semibold">
          Reading and help
        </h2>
        <LinkList label="Reading and help pages" items={readingPages} />
      </section>
      {user.isAdmin ? (
        <section aria-labelledby="more-editor-title">
          <h2 id="more-editor-title" className="mb-3 text-xl font-semibold">
            For editors
          </h2>
          <LinkList
            label="Editor pages"
            items={[
              {
                label: "Articles editor",
                description: "Write, preview and publish articles and guides.",
                to: "/app/addarticle",
              },
            ]}
          />
        </section>
      ) : null}
    </SectionPage>
  );
}
