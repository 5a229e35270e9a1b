import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { Icon, type IconName } from "#app/components/ui/icon.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { type Step, StepList } from "#app/components/ui/step-list.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";
import { useHeaderUser } from "#app/features/site/use-header-user.ts";

export const meta = () =>
  pageMeta(
    "Get started",
    "Start your Heirloom vault in four steps: create your account, save your recovery kit, add your first documents, and name the people who should receive them. Free up to 1 GiB.",
  );

const needs: readonly { icon: IconName; title: string; body: string }[] = [
  {
    icon: "key",
    title: "A password you will remember",
    body: "A passphrase of four or five unrelated words works well. We can never reset it for you.",
  },
  {
    icon: "file",
    title: "A way to keep your recovery kit",
    body: "A printer, or a safe place for a file. The kit is shown once, when your vault is created.",
  },
  {
    icon: "phone",
    title: "An authenticator app",
    body: "For two-factor sign-in. Any standard app that shows six-digit codes will do.",
  },
  {
    icon: "users",
    title: "The names of your people",
    body: "Who should receive what. You can invite them now or later.",
  },
];

const steps: readonly Step[] = [
  {
    title: "Create your account",
    body: (
      <p>
        Your name, your email address and a password. Confirm your address from the email we send. Your
        browser makes your keys while you wait — it takes a few seconds, on purpose.
      </p>
    ),
  },
  {
    title: "Save your recovery kit and turn on two-factor sign-in",
    body: (
      <p>
        Print the kit or store it somewhere safe outside Heirloom. Then scan the code with your authenticator
        app and keep the backup codes with the kit.
      </p>
    ),
  },
  {
    title: "Add your first three documents",
    body: (
      <>
        <p>Start with what your family would struggle most to find. For most people that is:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>where your will is kept, and who your executor is;</li>
          <li>pension, insurance and bank details;</li>
          <li>the passwords to your email and your phone.</li>
        </ul>
      </>
    ),
  },
  {
    title: "Name your people, and choose your triggers",
    body: (
      <p>
        Invite a legacy contact, confirm their fingerprint phrase with them, put your documents in a plan for
        them, and pick a check-in interval you will actually keep up with. You can change every part of it
        later.
      </p>
    ),
  },
];

// A signed-in person sees their checklist instead of the pitch. It loads on demand, so a visitor's page carries none
// of it; it talks to the server through lib/api.ts only (no session or crypto code).
const GetStartedChecklist = lazy(() => import("#app/features/account/get-started-checklist.tsx"));

function SignedInGetStarted({ displayName }: { displayName: string }) {
  return (
    <section className="py-12 sm:py-16">
      <div className="mx-auto w-full max-w-3xl px-5 sm:px-8">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">Get started</p>
        <h1 className="mt-2 font-display text-4xl font-semibold tracking-tight">Make your vault ready</h1>
        <p className="mt-3 text-lg leading-relaxed text-ink-muted">
          Six steps that make sure your documents reach the right people. Your progress is saved to your
          account, so it follows you to any browser.
        </p>
        <div className="mt-8">
          <Suspense
            fallback={
              <p role="status" className="flex items-center gap-2 text-ink-muted">
                <Spinner className="size-5" />
                Loading your checklist...
              </p>
            }
          >
            <GetStartedChecklist displayName={displayName} />
          </Suspense>
        </div>
        <Link to="/app" className="btn-secondary mt-8">
          Open my vault
          <Icon name="arrow-right" className="size-5" />
        </Link>
      </div>
    </section>
  );
}

export default function GetStarted() {
  const user = useHeaderUser();
  if (user) return <SignedInGetStarted displayName={user.displayName} />;
  return (
    <>
      <PageHeader
        eyebrow="Get started"
        title="Your vault, ready in an afternoon"
        lead="Heirloom keeps your documents, passwords and instructions encrypted so only you can read them, and hands each one to the right person when you no longer can. Here is how to begin."
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/SignUp" className="btn-primary px-7 text-lg">
            Create your free vault
            <Icon name="arrow-right" className="size-5" />
          </Link>
          <Link to="/Login#auth" className="btn-secondary px-7 text-lg">
            I already have an account
          </Link>
        </div>
      </PageHeader>

      <section aria-labelledby="needs-title" className="py-16 sm:py-20">
        <Container>
          <SectionHeading id="needs-title" eyebrow="Before you begin" title="What you will need" />
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {needs.map((n) => (
              <li key={n.title} className="rounded-2xl border border-line bg-surface p-6">
                <Icon name={n.icon} className="size-6 text-accent" />
                <h3 className="mt-4 font-semibold">{n.title}</h3>
                <p className="mt-2 text-[0.9375rem] leading-relaxed text-ink-muted">{n.body}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section
        aria-labelledby="steps-title"
        className="border-y border-line bg-surface-sunken py-16 sm:py-20"
      >
        <Container className="grid gap-12 lg:grid-cols-[1fr_1.4fr]">
          <SectionHeading
            id="steps-title"
            eyebrow="Four steps"
            title="From nothing to a working plan"
            lead="The free plan covers everything here: 1 GiB, up to 200 documents, legacy contacts and check-ins."
          />
          <StepList steps={steps} />
        </Container>
      </section>

      <section aria-labelledby="ready-title" className="py-16 sm:py-20">
        <Container className="text-center">
          <h2 id="ready-title" className="font-display text-3xl font-semibold">
            Ready when you are
          </h2>
          <p className="mx-auto mt-3 max-w-xl leading-relaxed text-ink-muted">
            No card needed. If you would like to understand the encryption first, read{" "}
            <Link to="/Security" className="link">
              how it works
            </Link>
            .
          </p>
          <Link to="/SignUp" className="btn-primary mt-8 px-7 text-lg">
            Create your free vault
          </Link>
        </Container>
      </section>
    </>
  );
}
