import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { Prose } from "#app/components/ui/prose.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";
import { RelatedLinks } from "#app/features/site/related-links.tsx";

export const meta = () =>
  pageMeta(
    "About Heirloom",
    "Why Heirloom exists: families lose weeks searching for documents and passwords after a death. We built a private, per-document way to hand them on, without ever being able to read them.",
  );

const principles = [
  {
    title: "We should not be able to read it",
    body: "The most private papers of your life deserve better than a promise. We built Heirloom so the keys never reach us, and we describe exactly where that protection stops.",
  },
  {
    title: "Each person gets their part",
    body: "Real lives are not all-or-nothing. Your executor, your partner and your children need different things, and none of them needs everything.",
  },
  {
    title: "Nothing happens by surprise",
    body: "Reminders, grace periods, waiting periods you can refuse, trustees you choose. A release should be the outcome of rules you understood, never an accident.",
  },
  {
    title: "Your family is never held hostage",
    body: "A release never depends on payment. If a subscription lapses, what you left still reaches the people you chose.",
  },
];

export default function About() {
  return (
    <>
      <PageHeader
        eyebrow="About"
        title="Because the hardest weeks shouldn't be spent searching"
        lead="When someone dies, the people left behind often spend weeks looking for a will, a policy number, a password to a phone full of photographs. Heirloom exists to make that search unnecessary, without giving anyone — us included — a look at your life in the meantime."
      />
      <Container className="grid gap-14 py-16 sm:py-20 lg:grid-cols-[1.2fr_1fr]">
        <Prose>
          <h2>Why we built it</h2>
          <p>
            The tools people use today make them choose. A password manager's emergency access hands one
            person the whole vault, or nothing. Legacy-planning services let you assign documents to people,
            but keep them in a form their own systems can read. Neither is how most of us would plan, if we
            were planning carefully.
          </p>
          <p>
            Heirloom does both parts properly. Your documents are encrypted in your browser, with keys made
            from a password we never see. Each document has its own key, so it can be passed to exactly the
            people you choose, under exactly the conditions you set — and opened only by them, in their own
            browser.
          </p>
          <h2>What we are, and what we are not</h2>
          <p>
            Our job is to keep your sealed documents safe and to carry out your plan on time. We are not a law
            firm, and Heirloom is not a will: it helps the right people find and open what you left them. Pair
            it with a will made properly where you live, and tell your executor that Heirloom is part of the
            plan.
          </p>
          <h2>How we make money</h2>
          <p>
            From Premium subscriptions, and nothing else. We do not sell data and we do not show adverts. We
            could not sell your documents even if we wanted to: we cannot read them.
          </p>
          <p>
            Questions about the company? See the <Link to="/LegalNotice">legal notice</Link> or{" "}
            <Link to="/Contact">write to us</Link>.
          </p>
        </Prose>
        <aside aria-labelledby="principles-title">
          <h2 id="principles-title" className="font-display text-2xl font-semibold">
            What we hold ourselves to
          </h2>
          <ul className="mt-6 space-y-4">
            {principles.map((p) => (
              <li key={p.title} className="rounded-2xl border border-line bg-surface p-5">
                <h3 className="font-semibold">{p.title}</h3>
                <p className="mt-2 text-[0.9375rem] leading-relaxed text-ink-muted">{p.body}</p>
              </li>
            ))}
          </ul>
        </aside>
      </Container>
      <RelatedLinks
        links={[
          { to: "/HowItWorks", title: "How it works", body: "Six steps from a password to a legacy plan." },
          { to: "/Security", title: "Security", body: "The key hierarchy, and an honest threat model." },
          {
            to: "/articles",
            title: "Articles",
            body: "Practical writing on preparing for the people you leave.",
          },
        ]}
      />
    </>
  );
}
