import { Link } from "react-router";
import { AuthPendingNote } from "../../components/public/auth/auth-pending-note.tsx";
import { AuthShell } from "../../components/public/auth/auth-shell.tsx";
import { SocialSignIn } from "../../components/public/auth/social-sign-in.tsx";
import { pageMeta } from "../../components/public/page-meta.ts";
import { Icon } from "../../components/ui/icon.tsx";
import { TextField } from "../../components/ui/text-field.tsx";

export const meta = () =>
  pageMeta(
    "Create your vault",
    "Create a free Heirloom vault: 1 GiB of encrypted storage and up to 200 documents, with legacy contacts and check-ins. Your keys are made in your browser.",
  );

const next = [
  { icon: "mail", text: "We email you a link to confirm your address." },
  {
    icon: "key",
    text: "Your browser makes your keys from your password. This takes a few seconds, on purpose.",
  },
  { icon: "file", text: "You save your recovery kit: the only way back in if you forget your password." },
  { icon: "phone", text: "You turn on two-factor sign-in with an authenticator app." },
] as const;

export default function SignUp() {
  return (
    <AuthShell
      id="auth"
      title="Create your vault"
      lead="Free for up to 1 GiB and 200 documents. No card needed."
      aside={
        <div>
          <h2 className="font-display text-2xl font-semibold">What happens next</h2>
          <ol className="mt-6 space-y-5">
            {next.map((n) => (
              <li key={n.text} className="flex gap-4 leading-relaxed text-ink-muted">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent">
                  <Icon name={n.icon} className="size-5" />
                </span>
                <span className="pt-2">{n.text}</span>
              </li>
            ))}
          </ol>
          <p className="mt-8 rounded-xl border border-line bg-surface p-5 text-[0.9375rem] leading-relaxed text-ink-muted">
            <strong className="text-ink">Choose your password with care.</strong> We never see it, so we can
            never reset it. Your recovery kit is the only other way in.
          </p>
        </div>
      }
    >
      <AuthPendingNote />
      <form method="post" noValidate className="space-y-5">
        <TextField id="signup-name" name="name" label="Your name" autoComplete="name" required />
        <TextField
          id="signup-email"
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
        />
        <TextField
          id="signup-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint={
            <span id="signup-password-strength" aria-live="polite">
              Use at least 12 characters. A passphrase of four or more unrelated words is strong and easy to
              remember.
            </span>
          }
        />
        <div className="flex gap-3">
          <input
            id="signup-terms"
            name="terms"
            type="checkbox"
            required
            className="mt-1 size-5 shrink-0 rounded border-line-strong accent-accent"
          />
          <label htmlFor="signup-terms" className="text-[0.9375rem] leading-relaxed text-ink-muted">
            I agree to the{" "}
            <Link to="/Terms" className="link">
              terms of service
            </Link>{" "}
            and{" "}
            <Link to="/Privacy" className="link">
              privacy policy
            </Link>
            , and I understand that Heirloom cannot reset my password.
          </label>
        </div>
        <button type="submit" className="btn-primary w-full" disabled>
          Create vault
        </button>
      </form>
      <div className="mt-7">
        <SocialSignIn verb="Sign up" />
      </div>
      <p className="mt-8 border-t border-line pt-6 text-center text-[0.9375rem] text-ink-muted">
        Already have a vault?{" "}
        <Link to="/Login#auth" className="link">
          Sign in
        </Link>
      </p>
    </AuthShell>
  );
}
