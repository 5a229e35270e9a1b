import { Link } from "react-router";
import { LinkList } from "#app/components/ui/link-list.tsx";
import { NavIcon, type NavIconName } from "#app/components/ui/nav-icon.tsx";
import { faqEntries } from "#app/content/faq.ts";
import { helpLinks } from "#app/features/shell/help-links.ts";
import { FaqList } from "#app/features/site/faq-list.tsx";

/** Where in the signed-in area each kind of question is answered by doing it. */
const topics: readonly { title: string; body: string; to: string; icon: NavIconName }[] = [
  {
    title: "Documents and your vault",
    body: "Upload, download and organise what you keep. Everything is encrypted in this browser first.",
    to: "/app/MyData",
    icon: "file",
  },
  {
    title: "Your legacy plan",
    body: "Who receives what, and what makes a release happen: missed check-ins or a request you can refuse.",
    to: "/app/LegacySettings",
    icon: "hourglass",
  },
  {
    title: "Sign-in and security",
    body: "Two-step sign-in, your password, signed-in devices and your recovery kit.",
    to: "/app/securitysettings",
    icon: "shield-check",
  },
  {
    title: "Reminders and messages",
    body: "Email and text messages, your mobile number and how often we check in with you.",
    to: "/app/contactpreferences",
    icon: "bell",
  },
  {
    title: "Your data",
    body: "Download everything we hold about you, or delete your account.",
    to: "/app/MyData",
    icon: "download",
  },
];

const commonQuestionIds = [
  "forgot-password",
  "how-does-check-in-work",
  "away-on-holiday-or-in-hospital",
  "two-factor-authentication",
  "change-password",
  "can-heirloom-read-my-documents",
  "delete-my-account",
];
const commonQuestions = commonQuestionIds
  .map((id) => faqEntries.find((entry) => entry.id === id))
  .filter((entry) => entry !== undefined);

// Contact has its own block below.
const guideLinks = [
  { label: "Guides", description: "Step-by-step guides for common situations.", to: "/guides" },
  ...helpLinks.filter((link) => link.to !== "/Contact"),
];

/** Help topics (signed-in only: they lead into the vault). */
export function HelpTopicCards() {
  return (
    <section aria-labelledby="help-topics-title">
      <h2 id="help-topics-title" className="text-xl font-semibold">
        Help topics
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {topics.map((topic) => (
          <li key={topic.title}>
            <Link
              to={topic.to}
              className="flex h-full gap-4 rounded-2xl border border-line bg-surface p-5 transition-colors hover:border-accent"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
                <NavIcon name={topic.icon} className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold text-ink">{topic.title}</span>
                <span className="mt-1 block text-[0.9375rem] leading-relaxed text-ink-muted">
                  {topic.body}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Common questions, guides and the way to a person: the same on /app/help and the public /account/help. */
export function HelpResources() {
  return (
    <div className="space-y-8">
      <section aria-labelledby="common-questions-title">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="common-questions-title" className="text-xl font-semibold">
            Common questions
          </h2>
          <Link to="/Faq" className="link">
            All questions
          </Link>
        </div>
        <div className="mt-4 [&_h2]:text-base sm:[&_h2]:text-lg">
          <FaqList entries={commonQuestions} />
        </div>
      </section>
      <section aria-labelledby="guides-title">
        <h2 id="guides-title" className="text-xl font-semibold">
          Guides and more help
        </h2>
        <div className="mt-4">
          <LinkList label="Help pages" items={guideLinks} />
        </div>
      </section>
      <section
        aria-labelledby="support-title"
        className="rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-7"
      >
        <h2 id="support-title" className="text-xl font-semibold">
          Contact support
        </h2>
        <p className="mt-2 max-w-2xl leading-relaxed text-ink-muted">
          A person reads every message. We will never ask for your password or your recovery key, and you
          should never send them to anyone: with them, anyone could open your vault.
        </p>
        <Link to="/Contact" className="btn-primary mt-5">
          Write to support
        </Link>
      </section>
    </div>
  );
}
