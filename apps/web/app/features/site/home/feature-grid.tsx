import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { Icon, type IconName } from "#app/components/ui/icon.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";

const features: readonly { icon: IconName; title: string; body: string }[] = [
  {
    icon: "layers",
    title: "Legacy, document by document",
    body: "Your executor gets the will, your partner gets the pension details, your sister gets the house deeds. Each document goes only to the people you chose for it — never your whole vault to one person.",
  },
  {
    icon: "lock",
    title: "Zero knowledge, for real",
    body: "Your password never leaves your browser. It is stretched into a key on your own device and everything is encrypted before it is uploaded. We store ciphertext we cannot open.",
  },
  {
    icon: "clock",
    title: "Check-ins that fit your life",
    body: "Every so often — every 60 days unless you change it — we ask whether you are still here. One click on the email answers, no sign-in needed. Miss it and reminders escalate by email, then text, before a grace period.",
  },
  {
    icon: "hourglass",
    title: "Requests with a waiting period",
    body: "Someone you named can ask for access early, for example while you are in hospital. You are told at once and have a waiting period to refuse. If you do not, the request goes through.",
  },
  {
    icon: "users",
    title: "Trustees for what matters most",
    body: "For the most sensitive documents, require several people you trust — say two of three — to confirm before anything is released.",
  },
  {
    icon: "archive",
    title: "Still opens if we are gone",
    body: "Standard algorithms (AES-256-GCM, RSA-OAEP) in a documented format. What is released to someone is wrapped to their own key, so once they have it, opening it needs their keys, not our servers.",
  },
  {
    icon: "phone",
    title: "Two-factor sign-in",
    body: "Protect sign-in with an authenticator app, and keep one-time backup codes for the day your phone is lost.",
  },
  {
    icon: "lifebuoy",
    title: "A recovery kit, not a reset link",
    body: "Nobody can reset a zero-knowledge password, including us. A printable recovery kit, shown once when you create your vault, is your way back in if you forget it.",
  },
];

/** The features section (#ft162837), the target of the header's "Features" link. */
export function FeatureGrid() {
  return (
    <section id="ft162837" aria-labelledby="features-title" className="py-20 sm:py-28">
      <Container>
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything your people will need, and nothing they shouldn't see"
          lead="Heirloom is two things at once: a private vault for the papers, passwords and instructions that matter, and a plan that hands each of them to the right person when you can no longer do it yourself."
        />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {features.map((f) => (
            <li key={f.title} className="rounded-2xl border border-line bg-surface p-6">
              <span className="flex size-11 items-center justify-center rounded-xl bg-accent-soft text-accent">
                <Icon name={f.icon} className="size-6" />
              </span>
              <h3 className="mt-5 text-lg leading-snug font-semibold">{f.title}</h3>
              <p className="mt-2 text-[0.9375rem] leading-relaxed text-ink-muted">{f.body}</p>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-ink-muted">
          Want the details?{" "}
          <Link to="/Legacy" className="link">
            Legacy planning, step by step
          </Link>{" "}
          or{" "}
          <Link to="/Security" className="link">
            how the encryption works
          </Link>
          .
        </p>
      </Container>
    </section>
  );
}
