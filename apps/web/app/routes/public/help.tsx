import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { Icon, type IconName } from "#app/components/ui/icon.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { servicesContext } from "#app/context.ts";
import { ArticleCardList } from "#app/features/site/article-card-list.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";
import type { Route } from "./+types/help";

export async function loader({ context }: Route.LoaderArgs) {
  return { guides: await context.get(servicesContext).articles.list("guide") };
}

export const meta = () =>
  pageMeta(
    "Help centre",
    "Help with Heirloom: getting started, your vault, legacy plans, opening something left for you, security and recovery, and billing. Guides, FAQ and a way to reach a person.",
  );

const topics: readonly {
  icon: IconName;
  title: string;
  body: string;
  links: readonly { to: string; label: string }[];
}[] = [
  {
    icon: "key",
    title: "Getting started",
    body: "Create your vault, print your recovery kit and turn on two-factor sign-in.",
    links: [
      { to: "/getStarted", label: "Get started" },
      { to: "/Faq#two-factor-authentication", label: "Two-factor sign-in" },
    ],
  },
  {
    icon: "file",
    title: "Your vault",
    body: "Add documents, passwords and written instructions, and keep them up to date.",
    links: [
      { to: "/HowItWorks", label: "How it works" },
      { to: "/Faq#how-are-files-encrypted", label: "How files are encrypted" },
    ],
  },
  {
    icon: "users",
    title: "Legacy planning",
    body: "Invite legacy contacts, confirm fingerprints, and choose plans and triggers.",
    links: [
      { to: "/Legacy", label: "Legacy planning" },
      { to: "/Faq#what-is-a-fingerprint-phrase", label: "Fingerprint phrases" },
    ],
  },
  {
    icon: "mail",
    title: "Someone left you something",
    body: "Received a release email? Here is how to sign in and open what was left for you.",
    links: [
      { to: "/what-happens", label: "What happens at release" },
      { to: "/Faq#recipient-loses-access", label: "If you lose access" },
    ],
  },
  {
    icon: "shield",
    title: "Security and recovery",
    body: "Forgotten passwords, recovery kits, and what we can and cannot see.",
    links: [
      { to: "/Security", label: "Security model" },
      { to: "/tester", label: "Browser self-test" },
    ],
  },
  {
    icon: "card",
    title: "Plans and billing",
    body: "What the free plan includes, what Premium adds, and how cancelling works.",
    links: [
      { to: "/#get-started", label: "Pricing" },
      { to: "/Faq#free-vs-premium", label: "Free and Premium" },
    ],
  },
];

export default function Help({ loaderData }: Route.ComponentProps) {
  const { guides } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="Help centre"
        title="How can we help?"
        lead="Guides for every step, short answers to common questions, and a person at the other end when you need one."
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/Faq" className="btn-primary">
            Read the FAQ
          </Link>
          <Link to="/Contact" className="btn-secondary">
            Contact us
          </Link>
        </div>
      </PageHeader>

      <section aria-labelledby="topics-title" className="py-16 sm:py-20">
        <Container>
          <SectionHeading id="topics-title" title="Browse by topic" />
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {topics.map((t) => (
              <li key={t.title} className="rounded-2xl border border-line bg-surface p-6">
                <span className="flex size-11 items-center justify-center rounded-xl bg-accent-soft text-accent">
                  <Icon name={t.icon} className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{t.title}</h3>
                <p className="mt-2 text-[0.9375rem] leading-relaxed text-ink-muted">{t.body}</p>
                <ul className="mt-4 space-y-1.5">
                  {t.links.map((l) => (
                    <li key={l.to}>
                      <Link to={l.to} className="link text-[0.9375rem]">
                        {l.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section
        id="forgot-password"
        aria-labelledby="forgot-title"
        className="scroll-mt-24 border-y border-line bg-surface-sunken py-16 sm:py-20"
      >
        <Container className="grid gap-10 lg:grid-cols-2">
          <SectionHeading
            id="forgot-title"
            eyebrow="Locked out?"
            title="Forgot your password?"
            lead="Because we never have your password or any key made from it, we cannot reset it for you. Your recovery kit can."
          />
          <ol className="space-y-4 leading-relaxed text-ink-muted">
            <li className="flex gap-4">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-soft font-semibold text-accent">
                1
              </span>
              <span>
                Find the recovery kit you printed or saved when you created your vault. It holds your recovery
                key.
              </span>
            </li>
            <li className="flex gap-4">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-soft font-semibold text-accent">
                2
              </span>
              <span>
                On the sign-in page, choose to recover your account, and enter your recovery key when asked.
              </span>
            </li>
            <li className="flex gap-4">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-soft font-semibold text-accent">
                3
              </span>
              <span>
                Choose a new password. Your documents are untouched; only your keys are sealed again.
              </span>
            </li>
            <li className="rounded-xl border border-line bg-surface p-4 text-[0.9375rem]">
              Without both your password and your recovery kit, a vault cannot be opened by anyone — that is
              what keeps it private. If your plan includes legacy contacts, what you left them is still
              released as you set it up.
            </li>
          </ol>
        </Container>
      </section>

      <section aria-labelledby="guides-title" className="py-16 sm:py-20">
        <Container>
          <div className="flex flex-wrap items-end justify-between gap-4">
            <SectionHeading id="guides-title" eyebrow="Guides" title="Step by step" />
            <Link to="/guides" className="link">
              All guides
            </Link>
          </div>
          <div className="mt-10">
            {guides.length > 0 ? (
              <ArticleCardList items={guides.slice(0, 4)} basePath="/guides" headingLevel={3} />
            ) : (
              <p className="text-ink-muted">Guides are on their way.</p>
            )}
          </div>
        </Container>
      </section>

      <section aria-labelledby="contact-title" className="border-t border-line py-16 sm:py-20">
        <Container>
          <div className="flex flex-col items-start gap-6 rounded-2xl border border-line bg-surface p-7 sm:flex-row sm:items-center sm:justify-between sm:p-9">
            <div>
              <h2 id="contact-title" className="font-display text-2xl font-semibold">
                Still stuck?
              </h2>
              <p className="mt-2 max-w-xl leading-relaxed text-ink-muted">
                Write to us and a person will read your message and reply by email. Please never send us your
                password or recovery key — we will never ask for them.
              </p>
            </div>
            <Link to="/Contact" className="btn-primary shrink-0">
              <Icon name="message" className="size-5" />
              Contact support
            </Link>
          </div>
        </Container>
      </section>
    </>
  );
}
