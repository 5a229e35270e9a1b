import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";

const cannotSee = [
  "Your password, or any key made from it",
  "What your documents say, their names or their types",
  "Your stored passwords and written instructions",
  "Anything we hand to a recipient — it stays sealed to their key",
];
const canSee = [
  "Your email address and the name you gave us",
  "How much encrypted data you store, and when it changed",
  "Who your legacy contacts are, and your plan's check-in dates",
  "Sign-in times and the usual request logs",
];

/** The honest split between what Heirloom can and cannot see. */
export function TrustSection() {
  return (
    <section aria-labelledby="trust-title" className="py-20 sm:py-28">
      <Container>
        <SectionHeading
          id="trust-title"
          eyebrow="Security"
          title="Built so that trusting us is not required"
          lead="We designed Heirloom so that a breach of our servers, a subpoena or a curious employee finds only sealed data. Here is exactly where the line sits."
        />
        <div className="mt-12 grid gap-5 md:grid-cols-2">
          <div className="rounded-2xl border border-line bg-surface p-7">
            <h3 className="flex items-center gap-3 text-lg font-semibold">
              <Icon name="eye-off" className="size-6 text-accent" />
              What we can never see
            </h3>
            <ul className="mt-5 space-y-3">
              {cannotSee.map((item) => (
                <li key={item} className="flex gap-3 leading-relaxed">
                  <Icon name="lock" className="mt-1 size-4 shrink-0 text-accent" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl border border-line bg-surface p-7">
            <h3 className="flex items-center gap-3 text-lg font-semibold">
              <Icon name="eye" className="size-6 text-brass" />
              What we can see
            </h3>
            <ul className="mt-5 space-y-3">
              {canSee.map((item) => (
                <li key={item} className="flex gap-3 leading-relaxed">
                  <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-brass" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <p className="mt-10 max-w-2xl leading-relaxed text-ink-muted">
          We also tell you the one thing a server like ours could still do wrong — release early — and how
          trustees close that gap.{" "}
          <Link to="/Security" className="link">
            Read the security model
          </Link>
        </p>
      </Container>
    </section>
  );
}
