import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { type Step, StepList } from "#app/components/ui/step-list.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";
import { RelatedLinks } from "#app/features/site/related-links.tsx";

export const meta = () =>
  pageMeta(
    "How it works",
    "Six steps from a password to a legacy plan: your vault is created and encrypted in your browser, you choose who receives each document, and only those people can ever open it.",
  );

const steps: readonly Step[] = [
  {
    title: "Create your vault",
    body: (
      <>
        <p>
          Sign up with your email address and a password, and confirm the address from the link we send you.
          Then turn on two-factor sign-in with an authenticator app, so a stolen password alone is not enough
          to get in.
        </p>
      </>
    ),
  },
  {
    title: "Your keys are made in your browser",
    body: (
      <>
        <p>
          Your browser turns your password into your <strong className="text-ink">vault key</strong> with
          Argon2id, a deliberately slow, memory-hungry function that makes guessing expensive. The vault key
          never leaves your device.
        </p>
        <p>
          To sign in, your browser derives a separate <strong className="text-ink">sign-in key</strong> from
          the vault key and sends that instead of your password. We keep only a hash of it, and it cannot be
          turned back into your vault key.
        </p>
        <p>
          Your browser also creates your account key and your personal key pair, seals them with the vault
          key, and shows you a <strong className="text-ink">recovery kit</strong> to print. It is the only way
          back in if you forget your password.
        </p>
      </>
    ),
  },
  {
    title: "Add your documents",
    body: (
      <>
        <p>
          Upload wills, deeds, policies and scans; store account passwords; write the instructions only you
          know. Each item is encrypted on your device with its own random key before a single byte is sent.
          Large files are sealed in 4 MiB pieces, and the file's name, type and size are encrypted too.
        </p>
      </>
    ),
  },
  {
    title: "Name your legacy contacts and confirm their fingerprint",
    body: (
      <>
        <p>
          Invite the people you want to leave things to by email. When they accept, they get an account and a
          key pair of their own. Heirloom then shows both of you a short{" "}
          <strong className="text-ink">fingerprint phrase</strong> made from their public key.
        </p>
        <p>
          Compare it with them on the phone or in person. Only after you confirm that the phrases match does
          your browser seal anything to their key, so nobody — including us — can slip in a key of their own.
          If a contact's key ever changes, you are asked to confirm again.
        </p>
      </>
    ),
  },
  {
    title: "Choose what each person receives, and what releases it",
    body: (
      <>
        <p>
          Group documents into <strong className="text-ink">plans</strong>: “For my executor”, “For Alex”,
          “Household accounts”. Each plan has its own recipients, a letter for each of them, and its own
          trigger:
        </p>
        <ul className="list-disc space-y-1.5 pl-5">
          <li>share now: released as soon as you make it, and kept in step as you add documents;</li>
          <li>a missed check-in, after reminders and a grace period;</li>
          <li>a recipient's request, after a waiting period in which you can refuse;</li>
          <li>and, if you want, confirmation by a number of trustees — for example two of three.</li>
        </ul>
        <p>
          <Link to="/Legacy" className="link">
            Legacy planning in detail
          </Link>
        </p>
      </>
    ),
  },
  {
    title: "Release",
    body: (
      <>
        <p>
          When a plan's trigger completes, we email its recipients. Each signs in and receives the sealed keys
          for that plan and nothing else; their own browser opens them with their private key, then downloads
          and decrypts the documents. Because you signed each document when you stored it, their browser can
          also check that it really came from you.
        </p>
        <p>
          Everything outside that plan stays sealed.{" "}
          <Link to="/what-happens" className="link">
            What happens, day by day
          </Link>
        </p>
      </>
    ),
  },
];

const split = [
  {
    where: "In your browser",
    items: [
      "Your password, and the vault key made from it",
      "Encrypting and decrypting every document",
      "Creating your key pair and your recovery kit",
      "Sealing document keys to a recipient you confirmed",
    ],
  },
  {
    where: "On our servers",
    items: [
      "Sealed documents we cannot open",
      "A hash of your sign-in key, to check it is you",
      "Your plan's schedule: check-ins, reminders, waiting periods",
      "Handing sealed keys to recipients when a trigger completes",
    ],
  },
];

export default function HowItWorks() {
  return (
    <>
      <PageHeader
        eyebrow="How it works"
        title="From a password to a plan, in six steps"
        lead="What happens on your device, what happens on our servers, and what your people see when the time comes."
      />
      <Container className="grid gap-16 py-16 sm:py-20 lg:grid-cols-[1fr_22rem]">
        <section aria-label="The six steps" className="max-w-3xl">
          <StepList steps={steps} headingLevel={2} />
        </section>
        <aside aria-labelledby="split-title" className="lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-2xl border border-line bg-surface p-6">
            <h2 id="split-title" className="text-lg font-semibold">
              Who does what
            </h2>
            {split.map((s) => (
              <div key={s.where} className="mt-5">
                <h3 className="text-sm font-semibold tracking-wide text-accent uppercase">{s.where}</h3>
                <ul className="mt-2 space-y-2 text-[0.9375rem] leading-relaxed text-ink-muted">
                  {s.items.map((i) => (
                    <li key={i} className="flex gap-2">
                      <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-accent" />
                      {i}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            <Link to="/SignUp" className="btn-primary mt-7 w-full">
              Create your free vault
            </Link>
          </div>
        </aside>
      </Container>
      <RelatedLinks
        links={[
          {
            to: "/Security",
            title: "The security model",
            body: "The key hierarchy in plain words, what we can and cannot see, and the risks that remain.",
          },
          {
            to: "/Legacy",
            title: "Legacy planning",
            body: "Plans, check-ins, requests with waiting periods and trustees, and how a plan moves from active to released.",
          },
          {
            to: "/getStarted",
            title: "Get started",
            body: "What you need before you begin, and the first three things to put in your vault.",
          },
        ]}
      />
    </>
  );
}
