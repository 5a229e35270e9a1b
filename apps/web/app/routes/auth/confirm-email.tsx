import { emailSchema } from "@heirloom/contract";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { authRequest } from "#app/features/auth/auth-api.ts";
import { AuthShell } from "#app/features/auth/auth-shell.tsx";
import { resendErrorMessage, type VerifyOutcome, verifyEmailLink } from "#app/features/auth/confirm-email.ts";
import { logUserError, session, useSession } from "#app/features/session/index.ts";
import { pageMeta } from "#app/features/site/page-meta.ts";

export const meta = () =>
  pageMeta(
    "Confirm your email address",
    "Confirm the email address on your Heirloom account, so check-in reminders and release notices reach you.",
  );

// [Note: The verification link works without a session] is in features/auth/confirm-email.ts.

const browserVerifySteps = {
  verifyEmail: async (token: string) => {
    await authRequest(`/verify-email?token=${encodeURIComponent(token)}`, undefined, { method: "GET" });
  },
  refreshSession: async () => {
    const state = await session.load({ force: true });
    return { signedIn: state.status === "signed-in", emailVerified: Boolean(state.user?.emailVerified) };
  },
  logUserError,
};

/** ?token=...: applies the link once, then says how it went in SPEC.md section 8's words. */
function VerifyLink({ token }: { token: string }) {
  const [outcome, setOutcome] = useState<VerifyOutcome | null>(null);
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void verifyEmailLink(browserVerifySteps, token).then(setOutcome);
  }, [token]);

  useEffect(() => {
    if (outcome) heading.current?.focus();
  }, [outcome]);

  if (!outcome) {
    return (
      <div role="status" aria-live="polite" className="flex items-center gap-3 text-ink-muted">
        <Spinner className="size-6" />
        Confirming your email address…
      </div>
    );
  }
  const ok = outcome.kind !== "failed";
  return (
    <div>
      <div
        className={`rounded-xl border p-5 ${ok ? "border-success/40 bg-success-soft" : "border-danger/40 bg-danger-soft"}`}
      >
        <h2
          ref={heading}
          tabIndex={-1}
          className="flex items-start gap-3 text-lg leading-snug font-semibold focus:outline-none"
        >
          <Icon
            name={ok ? "check-circle" : "x-circle"}
            className={`mt-0.5 size-6 shrink-0 ${ok ? "text-success" : "text-danger"}`}
          />
          {outcome.message}
        </h2>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        {outcome.kind === "verified" ? (
          <Link to="/app" className="btn-primary">
            Go to my vault
            <Icon name="arrow-right" className="size-5" />
          </Link>
        ) : outcome.kind === "verified-log-in" ? (
          <Link to="/Login#auth" className="btn-primary">
            Log in
          </Link>
        ) : (
          <>
            <Link to="/ConfirmEmail" className="btn-primary">
              Send a new link
            </Link>
            <Link to="/Contact" className="btn-secondary">
              Contact support
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

/** No token: "check your inbox", and a Resend button (rate limited by the server). */
function CheckInbox() {
  const live = useSession();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [status, setStatus] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    // Only a tab holding its vault key asks who is signed in; a visitor (or a fresh tab) types the address instead.
    void session.loadIfThisTabHasKeys().catch(() => null);
  }, []);

  const user = live.status === "signed-in" ? live.user : null;
  if (user?.emailVerified) {
    return (
      <div>
        <Notice tone="success" title="Your email address is confirmed">
          Reminders and release notices go to {user.email}.
        </Notice>
        <Link to="/app" className="btn-primary mt-6">
          Go to my vault
        </Link>
      </div>
    );
  }

  const resend = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const target = user?.email ?? email;
    const parsed = emailSchema.safeParse(target);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? "The email address is not valid.");
      document.getElementById("confirm-email-address")?.focus();
      return;
    }
    setFieldError(undefined);
    setSending(true);
    try {
      await authRequest("/send-verification-email", { email: parsed.data });
      setStatus({
        tone: "success",
        text: `We sent a new link to ${parsed.data}. It works once, for 24 hours.`,
      });
    } catch (error) {
      setStatus({ tone: "danger", text: resendErrorMessage(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div>
      <div className="flex gap-4 rounded-xl border border-line bg-surface-sunken p-5">
        <Icon name="mail" className="mt-0.5 size-6 shrink-0 text-accent" />
        <div className="leading-relaxed">
          <p className="font-semibold">Check your inbox</p>
          <p className="mt-1 text-ink-muted">
            Open the link in the email we sent{" "}
            {user ? <strong className="text-ink">{user.email}</strong> : "you"} to confirm your address. The
            link can be used once.
          </p>
        </div>
      </div>
      <ul className="mt-6 space-y-2 text-[0.9375rem] leading-relaxed text-ink-muted">
        <li>Nothing there after a few minutes? Look in your spam or junk folder.</li>
        <li>Still nothing? Send the email again below.</li>
      </ul>
      <form noValidate onSubmit={resend} className="mt-6 space-y-4">
        {user ? null : (
          <TextField
            id="confirm-email-address"
            name="email"
            label="Your email address"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={fieldError}
          />
        )}
        <div role="status" aria-live="polite">
          {status ? <Notice tone={status.tone}>{status.text}</Notice> : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={sending}>
            <Icon name="send" className="size-5" />
            {sending ? "Sending…" : "Send the email again"}
          </button>
          <Link to="/Contact" className="btn-secondary">
            Contact support
          </Link>
        </div>
      </form>
    </div>
  );
}

export default function ConfirmEmail() {
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <AuthShell
      title="Confirm your email address"
      lead="Check-in reminders and release notices go to this address, so we need to know it reaches you."
    >
      {token ? <VerifyLink token={token} /> : <CheckInbox />}
    </AuthShell>
  );
}
