import { emailSchema } from "@heirloom/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { resetErrorMessage } from "./recovery.ts";
import { requestPasswordReset } from "./recovery-steps.ts";

/**
 * No recovery key: asks for an emailed reset link. The answer does not say whether an account uses the address.
 */
export function ResetRequestForm({ defaultEmail }: { defaultEmail: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email: defaultEmail }, mode: "onTouched" });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    setSentTo(null);
    const address = emailSchema.parse(email);
    try {
      await requestPasswordReset(address);
      setSentTo(address);
    } catch (error) {
      setFailure(resetErrorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <ErrorSummary title="The link was not sent" message={failure} />
      <div role="status" aria-live="polite">
        {sentTo ? (
          <Notice tone="success" title="Check your inbox">
            If an account uses {sentTo}, we sent it a link to choose a new password. The link works once, for
            one hour.
          </Notice>
        ) : null}
      </div>
      <TextField
        id="reset-email"
        defaultValue={defaultEmail}
        label="Email address"
        type="email"
        autoComplete="username"
        inputMode="email"
        spellCheck={false}
        error={errors.email?.message}
        {...register("email", {
          validate: (v) => emailSchema.safeParse(v).success || "The email address is not valid.",
        })}
      />
      <button type="submit" className="btn-secondary w-full" disabled={isSubmitting}>
        <Icon name="mail" className="size-5" />
        {isSubmitting ? "Sending…" : "Email me a reset link"}
      </button>
    </form>
  );
}
