import { type ComponentProps, useEffect, useState } from "react";
import { FieldFrame } from "#app/components/ui/field-frame.tsx";
import {
  checkNewPassword,
  type PasswordCheck,
  type PasswordContext,
  strengthLabels,
} from "./password-policy.ts";

type NewPasswordFieldProps = Omit<ComponentProps<"input">, "id" | "type" | "value"> & {
  id: string;
  label?: string;
  /** The current value (react-hook-form's watch), for the meter. */
  value: string;
  /** Email and name, so the meter scores passwords made of them down. */
  context?: PasswordContext;
  error?: string;
};

const barColours = ["bg-danger", "bg-danger", "bg-brass", "bg-success", "bg-success"] as const;

/**
 * A new password input with a live strength meter (features/auth/password-policy.ts) and a show/hide switch. The meter
 * informs; whether the password may be used is decided by checkNewPassword in the form's submit handler.
 * Works with react-hook-form's `register()`: the ref and handlers pass through.
 */
export function NewPasswordField({
  id,
  label = "Password",
  value,
  context,
  error,
  className,
  ...input
}: NewPasswordFieldProps) {
  const [shown, setShown] = useState(false);
  const [check, setCheck] = useState<PasswordCheck | null>(null);
  const email = context?.email;
  const name = context?.name;

  useEffect(() => {
    if (!value) {
      setCheck(null);
      return;
    }
    let current = true;
    // Debounced: zxcvbn takes a few milliseconds per call, and a meter that flickers on every key helps nobody.
    const timer = setTimeout(() => {
      checkNewPassword(value, { email, name })
        .then((result) => current && setCheck(result))
        .catch(() => current && setCheck(null));
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [value, email, name]);

  const score = check?.score ?? 0;
  const advice = check ? (check.ok ? check.warning || check.suggestions[0] : check.message) : undefined;
  return (
    <FieldFrame
      id={id}
      label={label}
      error={error}
      className={className}
      labelAside={
        <button
          type="button"
          className="text-sm font-medium text-accent hover:underline"
          aria-controls={id}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? "Hide" : "Show"}
          <span className="sr-only"> password</span>
        </button>
      }
      hint={
        <span id={`${id}-strength`} aria-live="polite" className="block">
          <span className="mt-1 flex gap-1" aria-hidden="true">
            {strengthLabels.map((l, i) => (
              <span
                key={l}
                className={`h-1.5 flex-1 rounded-full ${check && i <= score ? barColours[score] : "bg-line"}`}
              />
            ))}
          </span>
          <span className="mt-1.5 block">
            {check ? (
              <>
                <span className="font-medium text-ink">Strength: {check.label}.</span>
                {advice ? ` ${advice}` : ""}
              </>
            ) : (
              "At least 8 characters. A passphrase of four or more unrelated words is strong and easy to remember."
            )}
          </span>
        </span>
      }
    >
      {(aria) => (
        <input
          {...aria}
          type={shown ? "text" : "password"}
          autoComplete="new-password"
          spellCheck={false}
          autoCapitalize="off"
          maxLength={1024}
          className="field-input mt-1.5"
          {...input}
        />
      )}
    </FieldFrame>
  );
}
