import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { Icon, type IconName } from "#app/components/ui/icon.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";
import { PlanStates } from "#app/features/site/plan-states.tsx";
import { RelatedLinks } from "#app/features/site/related-links.tsx";

export const meta = () =>
  pageMeta(
    "Legacy planning",
    "Decide which documents go to which people, and what releases them: share now, or (coming next) a missed check-in with reminders and a grace period, a request you can refuse, or confirmation by trustees.",
  );

const triggers: readonly { icon: IconName; title: string; body: readonly string[] }[] = [
  {
    icon: "send",
    title: "Share now",
    body: [
      "The plan is released as soon as you make it, and kept in step as you add documents: this is also how a family shares documents today.",
      "Remove a document or a person and they can no longer fetch it from us. Copies they already downloaded are theirs to keep.",
    ],
  },
  {
    icon: "clock",
    title: "A missed check-in",
    body: [
      "Every so often we ask whether you are still here — every 60 days unless you choose another interval. Signing in answers, and so does the link in the reminder email, with no sign-in.",
      "Reminders come at half the interval and 7, 3 and 1 days before the deadline, by email and, if you turned texts on, by text message. After the deadline comes a grace period of the length you chose, with a reminder each day. Only when it ends is the plan released.",
    ],
  },
  {
    icon: "hourglass",
    title: "A recipient's request",
    body: [
      "A person you named can ask for their plan early — for example while you are in hospital and cannot check in. We tell you straight away, by email and in the app.",
      "A waiting period then starts. Refuse at any time during it and nothing is released. If the waiting period ends without a refusal, the request goes through.",
    ],
  },
  {
    icon: "users",
    title: "Trustees, if you want them",
    body: [
      "Add trustees to a plan and a release also needs a number of them to confirm — two of three, say. No single person, and not our server on its own, can complete it.",
      "Trustees see that a release is pending and are asked to confirm. They do not receive the documents unless they are also recipients.",
    ],
  },
];

const planExamples = [
  { name: "For my executor", docs: "Will, letter of wishes, list of accounts and policies", to: "Sam" },
  { name: "For Alex", docs: "Pension details, insurance, the house deeds", to: "Alex" },
  {
    name: "Digital life",
    docs: "Email, phone and photo-library passwords, with instructions",
    to: "Alex and Sam",
  },
];

export default function Legacy() {
  return (
    <>
      <PageHeader
        eyebrow="Legacy planning"
        title="Your wishes, carried out document by document"
        lead="A legacy plan in Heirloom says who receives which documents and what has to happen first. You stay in control until the very end, and we can never read what we pass on."
      />

      <section aria-labelledby="today-title" className="pt-12">
        <Container>
          <h2 id="today-title" className="sr-only">
            What works today
          </h2>
          <Notice tone="info" title="What works today">
            Legacy contacts, fingerprint confirmation, plans with a letter for each person, drills, and
            releases shared now, on a missed check-in, on a recipient's request, with or without trustees and
            time limits, all work now. A request for access carries no written reason yet.
          </Notice>
        </Container>
      </section>

      <section aria-labelledby="scopes-title" className="py-16 sm:py-20">
        <Container className="grid gap-12 lg:grid-cols-2 lg:items-start">
          <div>
            <SectionHeading
              id="scopes-title"
              eyebrow="Plans"
              title="Not all-or-nothing: each person gets their part"
              lead="A plan is a set of documents with its own recipients, a letter for each of them, and its own trigger. Make as many as you need; a document can be in more than one."
            />
            <p className="mt-5 max-w-2xl leading-relaxed text-ink-muted">
              This is the difference from a password manager's emergency access, which hands one person your
              whole vault. With plans, your executor never sees your private letters, and your children never
              see your accounts unless you want them to.
            </p>
          </div>
          <ul className="space-y-4">
            {planExamples.map((s) => (
              <li key={s.name} className="rounded-2xl border border-line bg-surface p-5">
                <p className="font-semibold">{s.name}</p>
                <p className="mt-1 text-[0.9375rem] text-ink-muted">{s.docs}</p>
                <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-accent-soft px-3 py-1 text-sm font-medium text-accent">
                  <Icon name="users" className="size-4" />
                  {s.to}
                </p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section
        aria-labelledby="contacts-title"
        className="border-y border-line bg-surface-sunken py-16 sm:py-20"
      >
        <Container className="grid gap-10 lg:grid-cols-[1fr_1.1fr]">
          <SectionHeading
            id="contacts-title"
            eyebrow="Legacy contacts"
            title="People you have confirmed, not just email addresses"
          />
          <ol className="space-y-5 leading-relaxed text-ink-muted">
            <li className="flex gap-4">
              <Icon name="mail" className="mt-1 size-5 shrink-0 text-accent" />
              <span>
                <strong className="text-ink">You invite them by email.</strong> They accept and, if they are
                new to Heirloom, create a free account. That gives them a key pair of their own.
              </span>
            </li>
            <li className="flex gap-4">
              <Icon name="fingerprint" className="mt-1 size-5 shrink-0 text-accent" />
              <span>
                <strong className="text-ink">You compare a fingerprint phrase.</strong> Both of you see a
                short phrase made from their public key. Read it to each other on the phone or in person, and
                confirm it matches.
              </span>
            </li>
            <li className="flex gap-4">
              <Icon name="key" className="mt-1 size-5 shrink-0 text-accent" />
              <span>
                <strong className="text-ink">Only then is anything sealed to them.</strong> Your browser seals
                the keys of their documents to their public key. If their key ever changes, nothing new is
                sealed until you confirm again.
              </span>
            </li>
            <li className="flex gap-4">
              <Icon name="check-circle" className="mt-1 size-5 shrink-0 text-accent" />
              <span>
                <strong className="text-ink">Then you can run a drill.</strong> Send one person a test release
                with a dummy document. They see it marked as a drill for 7 days, and you both know that
                opening the real thing will work.
              </span>
            </li>
          </ol>
        </Container>
      </section>

      <section aria-labelledby="triggers-title" className="py-16 sm:py-20">
        <Container>
          <SectionHeading
            id="triggers-title"
            eyebrow="Triggers"
            title="What releases a plan"
            lead="Each plan has its own trigger, so the instructions for your household bills can go out sooner than your private letters."
          />
          <ul className="mt-12 grid gap-5 md:grid-cols-2">
            {triggers.map((t) => (
              <li key={t.title} className="rounded-2xl border border-line bg-surface p-6 sm:p-7">
                <span className="flex size-11 items-center justify-center rounded-xl bg-accent-soft text-accent">
                  <Icon name={t.icon} className="size-6" />
                </span>
                <h3 className="mt-5 text-xl font-semibold">{t.title}</h3>
                {t.body.map((p) => (
                  <p key={p} className="mt-3 text-[0.9375rem] leading-relaxed text-ink-muted">
                    {p}
                  </p>
                ))}
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section
        aria-labelledby="states-title"
        className="border-t border-line bg-surface-sunken py-16 sm:py-20"
      >
        <Container>
          <SectionHeading
            id="states-title"
            eyebrow="The life of a plan"
            title="Active, reminding, grace, released"
            lead="Our servers move plans forward on a schedule and record every step. They can release sealed keys; they can never read them."
          />
          <div className="mt-10">
            <PlanStates />
          </div>
          <div className="mt-10 grid gap-4 md:grid-cols-2">
            <Notice tone="info" title="A release never depends on payment">
              If your subscription lapses, your plan keeps running and your recipients still receive what you
              left them.
            </Notice>
            <Notice tone="warning" title="A release cannot be taken back">
              Once a recipient has opened their keys, they have them. Refuse requests you did not expect, and
              keep your check-in interval realistic.
            </Notice>
          </div>
          <p className="mt-10">
            <Link to="/what-happens" className="link">
              See the whole timeline, day by day
            </Link>
          </p>
        </Container>
      </section>

      <RelatedLinks
        links={[
          {
            to: "/what-happens",
            title: "What happens when you die",
            body: "The timeline from your last check-in to your recipients opening their documents.",
          },
          {
            to: "/Security",
            title: "Why we can't read it",
            body: "How keys are made and sealed, and the one thing a compromised server could still do.",
          },
          {
            to: "/guides",
            title: "Guides",
            body: "Step-by-step help with choosing recipients, plans and a check-in interval that suits you.",
          },
        ]}
      />
    </>
  );
}
