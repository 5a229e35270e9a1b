import type { SessionUser } from "@heirloom/contract";
import { type ReactNode, type Ref, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { AuthShell } from "#app/features/auth/auth-shell.tsx";
import { BackupCodes } from "#app/features/auth/backup-codes.tsx";
import { QrCode } from "#app/features/auth/qr-code.tsx";
import { TurnOffTwoFactor } from "#app/features/auth/turn-off-two-factor.tsx";
import {
  browserTwoFactorDeps,
  confirmTotpEnrolment,
  describeTwoFactorError,
  groupInFours,
  startTotpEnrolment,
  type TotpEnrolment,
} from "#app/features/auth/two-factor.ts";
import { logUserError, useSession } from "#app/features/session/index.ts";
import { requireSignedInPage, SignedInPageFallback } from "#app/features/session/require-signed-in-page.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";
import type { Route } from "./+types/mfa-setup";

export const meta = () =>
  pageMeta(
    "Set up two-factor sign-in",
    "Protect your Heirloom account with an authenticator app: scan a QR code or enter a key, confirm a six-digit code, and save your one-time backup codes.",
  );

// A visitor (or a tab without its vault key) goes to /login without a request; see requireSignedInPage.
export const clientLoader = () => requireSignedInPage();
clientLoader.hydrate = true as const;
export const HydrateFallback = SignedInPageFallback;

const securitySettingsPath = "/app/securitysettings";
const title = "Set up two-factor sign-in";
const lead =
  "With two-factor sign-in, a stolen password alone cannot get into your account. You will need an authenticator app on your phone.";

type Stage =
  | { kind: "password" }
  | { kind: "scan"; enrolment: TotpEnrolment }
  | { kind: "codes"; backupCodes: string[] };

export default function MfaSetup({ loaderData }: Route.ComponentProps) {
  const live = useSession();
  const user = live.user ?? loaderData.user;
  const [stage, setStage] = useState<Stage>({ kind: "password" });
  const [turnedOff, setTurnedOff] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  // Each new step takes the focus, so keyboard and screen reader users start reading where the page changed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes, not on other renders
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [stage.kind, turnedOff]);

  let body: ReactNode;
  if (stage.kind === "codes") {
    body = <SaveCodesStep headingRef={headingRef} email={user.email} codes={stage.backupCodes} />;
  } else if (stage.kind === "scan") {
    body = (
      <ScanStep
        headingRef={headingRef}
        enrolment={stage.enrolment}
        onConfirmed={() => setStage({ kind: "codes", backupCodes: stage.enrolment.backupCodes })}
      />
    );
  } else if (user.twoFactorEnabled) {
    body = <AlreadyOn user={user} onTurnedOff={() => setTurnedOff(true)} />;
  } else {
    body = (
      <>
        {turnedOff ? (
          <div role="status" className="mb-6">
            <Notice tone="info" title="Two-factor sign-in is off">
              Your backup codes no longer work. Set it up again below whenever you are ready.
            </Notice>
          </div>
        ) : null}
        <PasswordStep
          headingRef={headingRef}
          user={user}
          onStarted={(enrolment) => setStage({ kind: "scan", enrolment })}
        />
      </>
    );
  }
  return (
    <AuthShell eyebrow="Account security" title={title} lead={lead}>
      {body}
    </AuthShell>
  );
}

function StepHeading({
  n,
  children,
  headingRef,
}: {
  n: number;
  children: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <h2
      id={`mfa-step-${n}`}
      ref={headingRef}
      tabIndex={-1}
      className="flex items-center gap-3 text-lg font-semibold outline-none"
    >
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-soft text-sm font-semibold text-accent"
      >
        {n}
      </span>
      <span>
        <span className="sr-only">Step {n} of 4: </span>
        {children}
      </span>
    </h2>
  );
}

function AlreadyOn({ user, onTurnedOff }: { user: SessionUser; onTurnedOff: () => void }) {
  return (
    <div className="space-y-5">
      <Notice tone="success" title="Two-factor sign-in is on">
        Every sign-in to {user.email} asks for a code from your authenticator app. To move it to a new phone,
        turn it off here and set it up again.
      </Notice>
      <div className="flex flex-wrap items-start gap-3">
        <TurnOffTwoFactor user={user} onDone={onTurnedOff} />
        <Link to={securitySettingsPath} className="btn-secondary">
          Back to security settings
        </Link>
      </div>
    </div>
  );
}

function PasswordStep({
  user,
  onStarted,
  headingRef,
}: {
  user: SessionUser;
  onStarted: (enrolment: TotpEnrolment) => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { register, handleSubmit, setError, setFocus, formState } = useForm<{ password: string }>({
    defaultValues: { password: "" },
  });
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      onStarted(await startTotpEnrolment(browserTwoFactorDeps(), { email: user.email, password }));
    } catch (error) {
      const problem = describeTwoFactorError(error);
      if (problem.unknown) {
        void logUserError("enableTwoFactor", error instanceof Error ? error.message : String(error));
      }
      if (problem.field === "password") {
        setError("password", { message: problem.message });
        setFocus("password");
      } else {
        setFailure(problem.message);
      }
    }
  });

  return (
    <section aria-labelledby="mfa-step-1" className="space-y-4">
      <StepHeading n={1} headingRef={headingRef}>
        Confirm it is you
      </StepHeading>
      <p className="text-[0.9375rem] leading-relaxed text-ink-muted">
        Enter your password. It is checked here in your browser and never sent to us.
      </p>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <ErrorSummary title="Two-factor was not set up" message={failure} />
        <TextField
          id="mfa-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register("password", { required: "Enter your current password." })}
        />
        <div role="status" aria-live="polite">
          {formState.isSubmitting ? (
            <p className="flex items-center gap-2.5 text-[0.9375rem]">
              <Spinner className="size-5 shrink-0" />
              Checking your password. This takes a few seconds…
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={formState.isSubmitting}>
            Continue
          </button>
          <Link to={securitySettingsPath} className="btn-secondary">
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}

function ScanStep({
  enrolment,
  onConfirmed,
  headingRef,
}: {
  enrolment: TotpEnrolment;
  onConfirmed: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { register, handleSubmit, setError, setFocus, formState } = useForm<{ code: string }>({
    defaultValues: { code: "" },
  });
  const [copied, setCopied] = useState(false);

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await confirmTotpEnrolment(browserTwoFactorDeps(), code);
      onConfirmed();
    } catch (error) {
      const problem = describeTwoFactorError(error);
      if (problem.unknown) {
        void logUserError("verifyTotp", error instanceof Error ? error.message : String(error));
      }
      setError("code", { message: problem.message });
      setFocus("code");
    }
  });

  async function copyKey() {
    try {
      await navigator.clipboard.writeText(enrolment.secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <div className="space-y-9">
      <section aria-labelledby="mfa-step-2" className="space-y-4">
        <StepHeading n={2} headingRef={headingRef}>
          Add Heirloom to your authenticator app
        </StepHeading>
        <p className="text-[0.9375rem] leading-relaxed text-ink-muted">
          Scan this code with an app such as Google Authenticator, Microsoft Authenticator, 1Password or
          Aegis.
        </p>
        <QrCode value={enrolment.totpURI} label="QR code for your authenticator app" className="size-56" />
        <p className="text-[0.9375rem] leading-relaxed text-ink-muted">
          Cannot scan? Choose “enter a setup key” in your app and type this key:
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <p className="rounded-lg border border-line bg-surface-sunken px-4 py-3 font-mono text-[0.9375rem] tracking-wider break-words text-ink">
            <span className="sr-only">Setup key: </span>
            <code data-testid="mfa-setup-key">{groupInFours(enrolment.secret)}</code>
          </p>
          <button type="button" className="btn-secondary" onClick={() => void copyKey()}>
            Copy key
          </button>
          <span role="status" className="text-sm text-ink-muted">
            {copied ? "Key copied." : ""}
          </span>
        </div>
      </section>
      <section aria-labelledby="mfa-step-3" className="space-y-4">
        <StepHeading n={3}>Enter the six-digit code from the app</StepHeading>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField
            id="mfa-code"
            label="Six-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            className="max-w-xs"
            hint="The code changes every 30 seconds."
            error={formState.errors.code?.message}
            {...register("code", { required: "Enter the 6-digit code from your authenticator app." })}
          />
          <button type="submit" className="btn-primary" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? <Spinner className="size-4" /> : null}
            Turn on two-factor sign-in
          </button>
        </form>
      </section>
    </div>
  );
}

function SaveCodesStep({
  email,
  codes,
  headingRef,
}: {
  email: string;
  codes: string[];
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="mfa-step-4" className="space-y-5">
      <div role="status">
        <Notice tone="success" title="Two-factor sign-in is on">
          From now on, signing in asks for a code from your authenticator app.
        </Notice>
      </div>
      <StepHeading n={4} headingRef={headingRef}>
        Save your backup codes
      </StepHeading>
      <p className="text-[0.9375rem] leading-relaxed text-ink-muted">
        If you lose your phone, each of these codes signs you in once. They are shown only now. Keep them with
        your recovery kit, not in your vault.
      </p>
      <BackupCodes codes={codes} email={email} />
      <button type="button" className="btn-primary" onClick={() => navigate(securitySettingsPath)}>
        I have saved my backup codes
      </button>
    </section>
  );
}
