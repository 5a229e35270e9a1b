import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { Icon, type IconName } from "#app/components/ui/icon.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";
import { RelatedLinks } from "#app/features/site/related-links.tsx";

export const meta = () =>
  pageMeta(
    "What happens to your vault when you die",
    "The timeline from your last check-in to release: reminders by email and text, a grace period, then each recipient opens only the documents you left them. What stays sealed, and what cannot be undone.",
  );

const timeline: readonly { when: string; title: string; icon: IconName; body: string; state: string }[] = [
  {
    when: "Day 0",
    title: "You check in",
    icon: "check-circle",
    state: "Active",
    body: "Each time you sign in, press “I'm still here” in the app, or use the link in a reminder, the clock starts again. With the default interval, your next check-in is due in 60 days; you can choose 30, 90, 180 or 365.",
  },
  {
    when: "Halfway",
    title: "We remind you",
    icon: "mail",
    state: "Reminding",
    body: "Half an interval before the deadline, an email arrives with an “I'm still here” link. It needs no password: open it and press the button, and every plan is back to Active.",
  },
  {
    when: "7, 3 and 1 days before",
    title: "Reminders come closer together",
    icon: "bell",
    state: "Reminding",
    body: "More reminders follow, by email and, if you added a verified mobile number and turned texts on, by text message; the app shows them too. Never more than one a day.",
  },
  {
    when: "Grace period",
    title: "A last stretch before anything happens",
    icon: "hourglass",
    state: "Grace",
    body: "The deadline passed without a check-in. The grace period you chose (7, 14 or 30 days) gives you — or someone with you in hospital — a final chance, with a reminder each day.",
  },
  {
    when: "Trustees, if any",
    title: "The people you chose confirm",
    icon: "users",
    state: "Waiting for trustees",
    body: "If the plan has trustees, they are asked now, by email and in the app, and it waits until the number you chose confirm. A trustee's no is recorded and shown to you. A check-in still stops everything.",
  },
  {
    when: "Release",
    title: "Your recipients are told",
    icon: "send",
    state: "Released",
    body: "Each recipient gets an email and a notification saying that something has been left for them, never what. They sign in to Heirloom and receive the sealed keys for their plan — only theirs.",
  },
  {
    when: "Afterwards",
    title: "They open what you left them",
    icon: "key",
    state: "Released",
    body: "Their own browser unseals the keys with their private key, downloads the documents and decrypts them. It checks each document's signature, so they know it came from you and not from someone else. A time-limited plan ends access after the days you chose.",
  },
];

const questions: readonly { title: string; body: readonly string[] }[] = [
  {
    title: "What about everything I didn't put in a plan?",
    body: [
      "It stays sealed. Nobody can open it: not your family, not your executor, not us. That is the price of real privacy, so if you want something found, put it in a plan for someone.",
    ],
  },
  {
    title: "What if I'm only ill, or travelling?",
    body: [
      "Check in from any reminder — the link works from a phone, without signing in. If a recipient asks for access while you are unwell, you will be told and can refuse during the waiting period. Choose an interval and grace period that would survive a long hospital stay.",
    ],
  },
  {
    title: "What if someone asks for access while I'm alive and well?",
    body: [
      "You are told at once, and you refuse. Nothing is released, and you will probably want a word with them. If a plan should never be released on request alone, add trustees to it.",
    ],
  },
  {
    title: "Can a release be undone?",
    body: [
      "No. Once a recipient has the keys to their documents, they can keep what they downloaded. You can stop future releases by checking in, editing your plan or removing a contact, but not call back what has already been opened.",
    ],
  },
  {
    title: "What if my subscription has lapsed?",
    body: [
      "It does not matter. A release never depends on payment: your plan runs and your recipients receive what you left them.",
    ],
  },
  {
    title: "What if Heirloom is no longer around?",
    body: [
      "What has been released is sealed to the recipient's own key, in a documented format with standard algorithms, so a recipient who has downloaded it can open it with their own keys, without our servers.",
      "Plans that have not been released yet need our servers to carry them out. That is one more reason to tell the people you chose that Heirloom exists and where your will is kept.",
    ],
  },
];

export default function WhatHappens() {
  return (
    <>
      <PageHeader
        eyebrow="What happens"
        title="What happens to your vault when you die or stop checking in"
        lead="Nothing happens suddenly, and nothing happens by accident. Here is the timeline, from your last check-in to your recipients opening what you left them."
      />

      <section aria-labelledby="timeline-title" className="py-16 sm:py-20">
        <Container>
          <h2 id="timeline-title" className="sr-only">
            Timeline
          </h2>
          <ol className="relative mx-auto max-w-3xl space-y-10 before:absolute before:top-2 before:bottom-2 before:left-5 before:w-px before:bg-line-strong">
            {timeline.map((t) => (
              <li key={t.title} className="relative flex gap-5 sm:gap-7">
                <span className="relative flex size-10 shrink-0 items-center justify-center rounded-full border border-line-strong bg-surface text-accent">
                  <Icon name={t.icon} className="size-5" />
                </span>
                <div className="min-w-0 pt-1">
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                    <span className="font-semibold tracking-wide text-accent uppercase">{t.when}</span>
                    <span className="rounded-full border border-line px-2.5 py-0.5 text-ink-muted">
                      Plan: {t.state}
                    </span>
                  </p>
                  <h3 className="mt-2 text-xl font-semibold">{t.title}</h3>
                  <p className="mt-2 leading-relaxed text-ink-muted">{t.body}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="mx-auto mt-12 max-w-3xl rounded-2xl border border-accent/40 bg-accent-soft p-5 leading-relaxed">
            <strong className="font-semibold">
              At any point before release, one check-in stops everything
            </strong>{" "}
            and returns your plan to Active. A recipient's request follows its own path: you are told at once,
            a waiting period runs, and only your refusal stops it (a sign-in alone does not).{" "}
            <Link to="/Legacy" className="link">
              How triggers work
            </Link>
          </p>
        </Container>
      </section>

      <section
        aria-labelledby="questions-title"
        className="border-t border-line bg-surface-sunken py-16 sm:py-20"
      >
        <Container>
          <SectionHeading id="questions-title" eyebrow="Good questions" title="The things people ask us" />
          <div className="mt-10 grid gap-5 md:grid-cols-2">
            {questions.map((q) => (
              <div key={q.title} className="rounded-2xl border border-line bg-surface p-6">
                <h3 className="text-lg font-semibold">{q.title}</h3>
                {q.body.map((p) => (
                  <p key={p} className="mt-3 leading-relaxed text-ink-muted">
                    {p}
                  </p>
                ))}
              </div>
            ))}
          </div>
        </Container>
      </section>

      <RelatedLinks
        links={[
          {
            to: "/Legacy",
            title: "Set up your plan",
            body: "Plans, legacy contacts, fingerprints and triggers, explained.",
          },
          {
            to: "/articles",
            title: "Articles",
            body: "Practical writing on what families need after a death, and how to prepare it.",
          },
          { to: "/Faq", title: "FAQ", body: "Short answers to the questions we hear most." },
        ]}
      />
    </>
  );
}
