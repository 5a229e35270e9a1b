import { totpCodeSchema } from "@heirloom/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { TextField } from "#app/components/ui/text-field.tsx";
import type { SecondFactor } from "./sign-in.ts";
import { useHydrated } from "./use-hydrated.ts";

const totpSchema = z.object({ code: z.string().trim().pipe(totpCodeSchema) });
const backupSchema = z.object({ code: z.string().trim().min(1, "Enter one of your backup codes.") });

/**
 * The second step for an account with two-factor sign-in: the 6-digit code from the authenticator app, or a backup
 * code. The heading takes focus when the step appears, so screen-reader users hear where they are.
 */
export function SecondFactorForm({
  method,
  busy,
  onMethodChange,
  onSubmit,
  onStartOver,
}: {
  method: SecondFactor["method"];
  busy: boolean;
  onMethodChange: (method: SecondFactor["method"]) => void;
  onSubmit: (factor: SecondFactor) => Promise<void>;
  onStartOver: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<{ code: string }>({
    resolver: zodResolver(method === "totp" ? totpSchema : backupSchema),
    defaultValues: { code: "" },
  });
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  // Switching between the app's code and a backup code puts the cursor in the (new) field, after the render that
  // made it (so no dependency list: it checks after every render, and acts once per switch).
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    setFocus("code");
  });
  const totp = method === "totp";

  return (
    <div>
      <h2 ref={headingRef} tabIndex={-1} className="font-display text-xl font-semibold outline-none">
        {totp ? "Enter your sign-in code" : "Enter a backup code"}
      </h2>
      <p className="mt-2 leading-relaxed text-ink-muted">
        {totp
          ? "Your account has two-factor sign-in. Open your authenticator app and enter the 6-digit code it shows for Heirloom."
          : "Each of the backup codes you saved when you turned on two-factor sign-in works once."}
      </p>
      <form
        method="post"
        noValidate
        className="mt-6 space-y-5"
        aria-busy={busy}
        onSubmit={handleSubmit(({ code }) => onSubmit({ method, code }))}
      >
        <TextField
          key={method}
          id="login-code"
          label={totp ? "6-digit code" : "Backup code"}
          autoComplete="one-time-code"
          inputMode={totp ? "numeric" : "text"}
          spellCheck={false}
          autoCapitalize="off"
          maxLength={totp ? 7 : 32}
          className={totp ? "max-w-56" : "max-w-80"}
          readOnly={busy}
          error={errors.code?.message}
          {...register("code")}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy || !hydrated}>
          {busy ? "Checking..." : "Verify and sign in"}
        </button>
      </form>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-x-6 gap-y-3 text-[0.9375rem]">
        <button
          type="button"
          className="link"
          disabled={busy}
          onClick={() => {
            reset({ code: "" });
            switched.current = true;
            onMethodChange(totp ? "backup" : "totp");
          }}
        >
          {totp ? "Use a backup code instead" : "Use your authenticator app instead"}
        </button>
        <button type="button" className="link" disabled={busy} onClick={onStartOver}>
          Start over
        </button>
      </div>
    </div>
  );
}
