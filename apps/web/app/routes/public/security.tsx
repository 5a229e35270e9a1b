import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { KeyHierarchy } from "#app/features/site/key-hierarchy.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";
import { RelatedLinks } from "#app/features/site/related-links.tsx";
import { ThreatModel } from "#app/features/site/threat-model.tsx";

export const meta = () =>
  pageMeta(
    "Security",
    "How Heirloom's zero-knowledge encryption works: keys made in your browser with Argon2id, a separate sign-in key, one key per document, RSA-OAEP-4096 for recipients, a recovery kit — and an honest threat model.",
  );

const canSee = [
  "Your email address, your name, and any profile details you add",
  "How much sealed data you store and how many items, and when they changed",
  "Who your legacy contacts and trustees are, and your plan's settings and state",
  "When you sign in and check in, and the request logs every web service keeps",
];
const cannotSee = [
  "Your password, your vault key, your recovery key or any key made from them",
  "The contents of your documents, passwords and notes",
  "Their names, types and exact sizes, which are sealed with them",
  "What a recipient receives: it is sealed to their key, not ours",
];

const keyHandling = [
  "Keys are held in memory while you use Heirloom. What must survive a reload of the tab is kept in that tab's session storage, and never in local storage.",
  "Signing out clears every stored key from the browser. So does 20 minutes without activity.",
  "Every five seconds the app checks that your vault key is present and valid, and signs the tab out if it is not.",
  "Every sealed item is bound to its purpose — your account, the field, the format version — so one sealed item cannot be swapped for another.",
];

export default function Security() {
  return (
    <>
      <PageHeader
        eyebrow="Security"
        title="Zero knowledge, explained in plain words"
        lead="Your vault is encrypted and decrypted in your browser. Our servers store and pass on sealed data, and hold no key that opens it. Here is how that works, what we can still see, and where the limits are."
      />

      <section aria-labelledby="keys-title" className="py-16 sm:py-20">
        <Container className="grid gap-12 lg:grid-cols-[1fr_1.4fr]">
          <div className="lg:sticky lg:top-24 lg:self-start">
            <SectionHeading
              id="keys-title"
              eyebrow="The key hierarchy"
              title="From your password to every document"
              lead="Seven kinds of key, from your password down to each document. Apart from the sign-in key, which we keep only as a hash, none of them ever reaches us in a form that can be used."
            />
            <ul className="mt-8 space-y-4 text-[0.9375rem] leading-relaxed text-ink-muted">
              {keyHandling.map((k) => (
                <li key={k} className="flex gap-3">
                  <Icon name="lock" className="mt-1 size-4 shrink-0 text-accent" />
                  {k}
                </li>
              ))}
            </ul>
          </div>
          <KeyHierarchy />
        </Container>
      </section>

      <section aria-labelledby="see-title" className="border-y border-line bg-surface-sunken py-16 sm:py-20">
        <Container>
          <SectionHeading
            id="see-title"
            eyebrow="Metadata"
            title="What we can see, and what we cannot"
            lead="Running a service means knowing some things about you. We keep that list short and tell you exactly what is on it."
          />
          <div className="mt-10 grid gap-5 md:grid-cols-2">
            <div className="rounded-2xl border border-line bg-surface p-6 sm:p-7">
              <h3 className="flex items-center gap-3 text-lg font-semibold">
                <Icon name="eye-off" className="size-6 text-accent" /> We cannot see
              </h3>
              <ul className="mt-5 space-y-3 leading-relaxed">
                {cannotSee.map((c) => (
                  <li key={c} className="flex gap-3">
                    <Icon name="lock" className="mt-1 size-4 shrink-0 text-accent" />
                    {c}
                  </li>
                ))}
              </ul>
            </div>
            <div className="rounded-2xl border border-line bg-surface p-6 sm:p-7">
              <h3 className="flex items-center gap-3 text-lg font-semibold">
                <Icon name="eye" className="size-6 text-brass" /> We can see
              </h3>
              <ul className="mt-5 space-y-3 leading-relaxed">
                {canSee.map((c) => (
                  <li key={c} className="flex gap-3">
                    <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-brass" />
                    {c}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </Container>
      </section>

      <section aria-labelledby="threats-title" className="py-16 sm:py-20">
        <Container>
          <SectionHeading
            id="threats-title"
            eyebrow="Threat model"
            title="What could go wrong, honestly"
            lead="No system is safe against everything. These are the cases we have thought hardest about, including the ones we cannot fully solve."
          />
          <div className="mt-10">
            <ThreatModel />
          </div>
        </Container>
      </section>

      <section aria-labelledby="more-title" className="border-t border-line bg-surface-sunken py-16 sm:py-20">
        <Container className="grid gap-8 md:grid-cols-2">
          <div>
            <h2 id="more-title" className="font-display text-2xl font-semibold">
              Sign-in protections
            </h2>
            <ul className="mt-5 space-y-3 leading-relaxed text-ink-muted">
              <li>Two-factor sign-in with an authenticator app, and one-time backup codes.</li>
              <li>Sign-in attempts are rate limited, and new sign-ins appear in your activity log.</li>
              <li>
                Before you sign in, your browser asks for your salt. Unknown addresses get a convincing
                made-up one, so the answer does not reveal whether someone has an account.
              </li>
              <li>
                Signing in with Google, Apple, Microsoft or GitHub proves who you are; it cannot open your
                vault. You still set a vault password.
              </li>
            </ul>
          </div>
          <div>
            <h2 className="font-display text-2xl font-semibold">Check your browser</h2>
            <p className="mt-5 leading-relaxed text-ink-muted">
              Heirloom needs a modern browser with WebCrypto, WebAssembly, web workers and storage. Our
              self-test checks each of these in a few seconds, without touching your data.
            </p>
            <Link to="/tester" className="btn-secondary mt-6">
              Run the browser self-test
            </Link>
            <p className="mt-8 leading-relaxed text-ink-muted">
              Found a vulnerability? Please tell us through the{" "}
              <Link to="/Contact" className="link">
                contact form
              </Link>{" "}
              before telling anyone else, and we will work with you on a fix.
            </p>
          </div>
        </Container>
      </section>

      <RelatedLinks
        links={[
          { to: "/HowItWorks", title: "How it works", body: "The same story as a sequence of six steps." },
          {
            to: "/Privacy",
            title: "Privacy",
            body: "What we store about you, why, for how long, and how to export or delete it.",
          },
          {
            to: "/what-happens",
            title: "What happens when you die",
            body: "The release timeline, and what stays sealed forever.",
          },
        ]}
      />
    </>
  );
}
