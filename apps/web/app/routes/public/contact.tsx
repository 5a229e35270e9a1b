import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { ContactForm } from "#app/features/site/contact-form.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";

export const meta = () =>
  pageMeta(
    "Contact us",
    "Write to the Heirloom team about your account, your legacy plan, billing or security. A person reads every message and replies by email.",
  );

export default function Contact() {
  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Talk to a person"
        lead="Questions about your account, your plan, billing or something that looks wrong — write to us and a person on our team will reply by email."
      />
      <Container className="grid gap-12 py-14 sm:py-16 lg:grid-cols-[1.4fr_1fr]">
        <div className="rounded-2xl border border-line bg-surface p-6 sm:p-8">
          <ContactForm />
        </div>
        <aside aria-labelledby="contact-aside" className="space-y-6">
          <h2 id="contact-aside" className="sr-only">
            Before you write
          </h2>
          <div className="rounded-2xl border border-line bg-surface-sunken p-6">
            <h3 className="flex items-center gap-3 font-semibold">
              <Icon name="lock" className="size-5 text-accent" />
              We will never ask for your password
            </h3>
            <p className="mt-2 text-[0.9375rem] leading-relaxed text-ink-muted">
              Nor for your recovery key, your backup codes or a sign-in code. Anyone who does is not us.
            </p>
          </div>
          <div className="rounded-2xl border border-line bg-surface-sunken p-6">
            <h3 className="flex items-center gap-3 font-semibold">
              <Icon name="help" className="size-5 text-accent" />
              Quick answers
            </h3>
            <p className="mt-2 text-[0.9375rem] leading-relaxed text-ink-muted">
              Forgotten password, check-ins, what recipients see: the{" "}
              <Link to="/Faq" className="link">
                FAQ
              </Link>{" "}
              and{" "}
              <Link to="/Help" className="link">
                help centre
              </Link>{" "}
              may answer it right away.
            </p>
          </div>
          <div className="rounded-2xl border border-line bg-surface-sunken p-6">
            <h3 className="flex items-center gap-3 font-semibold">
              <Icon name="mail" className="size-5 text-accent" />
              Legal matters
            </h3>
            <p className="mt-2 text-[0.9375rem] leading-relaxed text-ink-muted">
              Write to{" "}
              <a href="mailto:legal@heirloom.example" className="link">
                legal@heirloom.example
              </a>
              . See the{" "}
              <Link to="/LegalNotice" className="link">
                legal notice
              </Link>
              .
            </p>
          </div>
        </aside>
      </Container>
    </>
  );
}
