import { Link } from "react-router";
import { AuthPendingNote } from "../../components/public/auth/auth-pending-note.tsx";
import { AuthShell } from "../../components/public/auth/auth-shell.tsx";
import { SignedOutNotice } from "../../components/public/auth/signed-out-notice.tsx";
import { SocialSignIn } from "../../components/public/auth/social-sign-in.tsx";
import { pageMeta } from "../../components/public/page-meta.ts";
import { TextField } from "../../components/ui/text-field.tsx";

export const meta = () =>
  pageMeta(
    "Sign in",
    "Sign in to your Heirloom vault. Your password is used in your browser to unlock your keys and is never sent to us.",
  );

export default function Login() {
  return (
    <AuthShell
      id="auth"
      title="Sign in to Heirloom"
      lead="Your password unlocks your vault here in your browser. It is never sent to us."
    >
      <SignedOutNotice />
      <AuthPendingNote />
      <form method="post" noValidate className="space-y-5">
        <TextField
          id="login-email"
          name="email"
          label="Email address"
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          required
        />
        <TextField
          id="login-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          labelAside={
            <Link to="/Help#forgot-password" className="text-sm font-medium text-accent hover:underline">
              Forgot password?
            </Link>
          }
        />
        <button type="submit" className="btn-primary w-full" disabled>
          Sign in
        </button>
      </form>
      <div className="mt-7">
        <SocialSignIn />
      </div>
      <p className="mt-8 border-t border-line pt-6 text-center text-[0.9375rem] text-ink-muted">
        New to Heirloom?{" "}
        <Link to="/SignUp" className="link">
          Create your free vault
        </Link>
      </p>
    </AuthShell>
  );
}
