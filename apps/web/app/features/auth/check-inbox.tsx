import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { session, useSession } from "#app/features/session/index.ts";
import { authRequest } from "./auth-api.ts";
import {
  type ResendVerificationInput,
  type ResendVerificationValues,
  resendErrorMessage,
  resendVerificationSchema,
} from "./confirm-email.ts";

/** /ConfirmEmail without a token: "check your inbox", and a Resend button (rate limited by the server). */
export function CheckInbox() {
  const live = useSession();
  const user = live.status === "signed-in" ? live.user : null;
  // Signed in, the address is the account's and there is no field; a visitor types it.
  const { register, handleSubmit, formState } = useForm<
    ResendVerificationInput,
    unknown,
    ResendVerificationValues
  >({
    resolver: zodResolver(resendVerificationSchema),
    defaultValues: { email: "" },
    ...(user ? { values: { email: user.email } } : {}),
  });
  const [status, setStatus] = useState<{ tone: "success" | "danger"; text: string } | null>(null);

  useEffect(() => {
    // Only a tab holding its vault key asks who is signed in; a visitor (or a fresh tab) types the address instead.
    void session.loadIfThisTabHasKeys().catch(() => null);
  }, []);

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

  const resend = handleSubmit(
    async ({ email }) => {
      setStatus(null);
      try {
        await authRequest("/send-verification-email", { email });
        setStatus({ tone: "success", text: `We sent a new link to ${email}. It works once, for 24 hours.` });
      } catch (error) {
        setStatus({ tone: "danger", text: resendErrorMessage(error) });
      }
    },
    () => setStatus(null),
  );

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
            label="Your email address"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            error={formState.errors.email?.message}
            {...register("email")}
          />
        )}
        <div role="status" aria-live="polite">
          {status ? <Notice tone={status.tone}>{status.text}</Notice> : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={formState.isSubmitting}>
            <Icon name="send" className="size-5" />
            {formState.isSubmitting ? "Sending…" : "Send the email again"}
          </button>
          <Link to="/Contact" className="btn-secondary">
            Contact support
          </Link>
        </div>
      </form>
    </div>
  );
}
