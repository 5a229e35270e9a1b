import {
  type PhoneStatus,
  phoneCodeRules,
  phoneStartRequestSchema,
  phoneVerifyRequestSchema,
} from "@heirloom/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { ApiError } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/query.tsx";

const failureMessage = (error: unknown) =>
  error instanceof ApiError
    ? error.code === "network"
      ? "We couldn't reach Heirloom. Check your connection and try again."
      : error.message
    : "Something went wrong. Please try again.";

/** Where to send the code: a number in international format. */
function NumberForm({ initial, onSent }: { initial: string; onSent: (status: PhoneStatus) => void }) {
  const send = useApiMutation("sendPhoneCode");
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof phoneStartRequestSchema>, unknown, z.output<typeof phoneStartRequestSchema>>({
    resolver: zodResolver(phoneStartRequestSchema),
    defaultValues: { phone: initial },
  });
  const onSubmit = handleSubmit(async ({ phone }) => {
    setFailure(null);
    try {
      onSent(await send.mutateAsync({ body: { phone } }));
    } catch (error) {
      if (error instanceof ApiError && error.fields.phone) {
        setError("phone", { type: "server", message: error.fields.phone }, { shouldFocus: true });
      } else setFailure(failureMessage(error));
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <ErrorSummary title="We couldn't send a code" message={failure} />
      <TextField
        id="phone"
        label="Mobile number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        className="max-w-80"
        hint="In international format: + and the country code, for example +44 7700 900123 or +1 415 555 0123."
        error={errors.phone?.message}
        {...register("phone")}
      />
      <button type="submit" className="btn-secondary" disabled={isSubmitting}>
        {isSubmitting ? "Sending..." : "Text me a code"}
      </button>
    </form>
  );
}

/** The 6-digit code that proves the number is the person's. */
function CodeForm({
  pending,
  onVerified,
  onResent,
  onChangeNumber,
}: {
  pending: NonNullable<PhoneStatus["pending"]>;
  onVerified: (status: PhoneStatus) => void;
  onResent: (status: PhoneStatus) => void;
  onChangeNumber: () => void;
}) {
  const send = useApiMutation("sendPhoneCode");
  const verify = useApiMutation("verifyPhone");
  const [failure, setFailure] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof phoneVerifyRequestSchema>, unknown, z.output<typeof phoneVerifyRequestSchema>>({
    resolver: zodResolver(phoneVerifyRequestSchema),
    defaultValues: { code: "" },
  });
  useEffect(() => setFocus("code"), [setFocus]);
  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      onVerified(await verify.mutateAsync({ body: { code } }));
    } catch (error) {
      if (error instanceof ApiError && error.fields.code) {
        setError("code", { type: "server", message: error.fields.code }, { shouldFocus: true });
      } else setFailure(failureMessage(error));
    }
  });
  const resend = async () => {
    setFailure(null);
    setResending(true);
    try {
      onResent(await send.mutateAsync({ body: { phone: pending.phone } }));
      reset({ code: "" });
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setResending(false);
    }
  };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <ErrorSummary title="We couldn't check the code" message={failure} />
      <TextField
        id="phone-code"
        label="Code from the text message"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        className="max-w-48"
        hint={`We texted a 6-digit code to ${pending.phone}. It works for ${phoneCodeRules.lifetimeMinutes} minutes.`}
        error={errors.code?.message}
        {...register("code")}
      />
      <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? "Checking..." : "Verify number"}
        </button>
        <button type="button" className="link" disabled={resending} onClick={() => void resend()}>
          {resending ? "Sending..." : "Send a new code"}
        </button>
        <button type="button" className="link" onClick={onChangeNumber}>
          Use another number
        </button>
      </div>
    </form>
  );
}

/**
 * The mobile number texts go to. A number is used only once the person types back the code texted to it; until then
 * text messages cannot be turned on.
 */
export function PhoneNumberPanel({
  status,
  onChange,
}: {
  status: PhoneStatus;
  onChange: (status: PhoneStatus) => void;
}) {
  const removal = useApiMutation("removePhone");
  const [editing, setEditing] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const verifiedLine = useRef<HTMLParagraphElement>(null);
  const [focusVerified, setFocusVerified] = useState(false);
  useEffect(() => {
    if (focusVerified && status.phone) {
      verifiedLine.current?.focus();
      setFocusVerified(false);
    }
  }, [focusVerified, status.phone]);

  const showCodeForm = status.pending !== null && !editing;
  const showNumberForm = !showCodeForm && (status.phone === null || editing);

  const remove = async () => {
    setFailure(null);
    setRemoving(true);
    try {
      onChange(await removal.mutateAsync({}));
      setAnnouncement("Your mobile number was removed. Text messages are off.");
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <SettingsPanel
      id="phone-title"
      title="Mobile number"
      description="For check-in reminders and security notices by text message. We only text a number you have verified."
    >
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {status.phone && !showNumberForm && !showCodeForm ? (
        <div className="space-y-4">
          <ErrorSummary title="We couldn't remove the number" message={failure} />
          <p ref={verifiedLine} tabIndex={-1} className="flex flex-wrap items-center gap-3 outline-none">
            <span className="text-lg font-semibold tabular-nums" data-testid="verified-phone">
              {status.phone}
            </span>
            <span className="rounded-full bg-success-soft px-2.5 py-0.5 text-sm font-medium text-success">
              Verified
            </span>
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                setEditing(true);
                setAnnouncement("");
              }}
            >
              Change number
            </button>
            <button type="button" className="btn-secondary" disabled={removing} onClick={() => void remove()}>
              {removing ? "Removing..." : "Remove number"}
            </button>
          </div>
        </div>
      ) : null}
      {showNumberForm ? (
        <NumberForm
          initial={status.pending?.phone ?? ""}
          onSent={(next) => {
            setEditing(false);
            onChange(next);
            setAnnouncement(`We texted a code to ${next.pending?.phone ?? "your number"}.`);
          }}
        />
      ) : null}
      {showCodeForm && status.pending ? (
        <CodeForm
          pending={status.pending}
          onResent={(next) => {
            onChange(next);
            setAnnouncement(`We texted a new code to ${next.pending?.phone ?? "your number"}.`);
          }}
          onVerified={(next) => {
            onChange(next);
            setFocusVerified(true);
            setAnnouncement(`${next.phone ?? "Your number"} is verified. You can now turn on text messages.`);
          }}
          onChangeNumber={() => setEditing(true)}
        />
      ) : null}
      {status.phone && showNumberForm ? (
        <button type="button" className="link mt-4" onClick={() => setEditing(false)}>
          Keep {status.phone}
        </button>
      ) : null}
    </SettingsPanel>
  );
}
