import { activityCheckSchema, type PhoneStatus, type Profile, phoneMessages } from "@heirloom/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { ApiError } from "#app/lib/api.ts";
import { setApiData, useApiMutation } from "#app/lib/query.tsx";
import { checkInChoiceOf, checkInChoices } from "./check-in.ts";

const contactSchema = z.object({
  emailToggle: z.boolean(),
  textToggle: z.boolean(),
  activityCheck: activityCheckSchema,
});
type ContactValues = z.infer<typeof contactSchema>;

/** Email and text messages on or off, and how often we ask the person to check in. Saved with PATCH profile. */
export function ContactPreferencesForm({ profile, phone }: { profile: Profile; phone: PhoneStatus }) {
  const save = useApiMutation("updateProfile", { onSuccess: (next) => setApiData("getProfile", next) });
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState("");
  const canText = phone.phone !== null;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: {
      emailToggle: profile.emailToggle,
      textToggle: profile.textToggle && canText,
      activityCheck: checkInChoiceOf(profile.activityCheck),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setSaved("");
    if (values.textToggle && !canText) {
      setError(
        "textToggle",
        { type: "client", message: phoneMessages.textNeedsVerifiedPhone },
        { shouldFocus: true },
      );
      return;
    }
    try {
      const next = await save.mutateAsync({ body: values });
      reset({
        emailToggle: next.emailToggle,
        textToggle: next.textToggle,
        activityCheck: checkInChoiceOf(next.activityCheck),
      });
      setSaved("Your contact preferences are saved.");
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        for (const field of ["emailToggle", "textToggle", "activityCheck"] as const) {
          const message = error.fields[field];
          if (message) setError(field, { type: "server", message }, { shouldFocus: true });
        }
      }
      setFailure(
        error instanceof ApiError && error.code === "network"
          ? "We couldn't reach Heirloom. Check your connection and try again."
          : "Your preferences were not saved. Please check the highlighted settings and try again.",
      );
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      <ErrorSummary title="We couldn't save your preferences" message={failure} />
      <SettingsPanel
        id="messages-title"
        title="How we reach you"
        description="Security notices about your account always appear in Notifications, whatever you choose here."
      >
        <div className="space-y-6">
          <Switch
            id="email-toggle"
            label="Email"
            description="Check-in reminders, legacy plan updates and security notices by email."
            error={errors.emailToggle?.message}
            {...register("emailToggle")}
          />
          <Switch
            id="text-toggle"
            label="Text messages"
            description={
              canText
                ? `Check-in reminders by text to ${phone.phone}.`
                : "Add and verify a mobile number below to turn on text messages."
            }
            disabled={!canText}
            error={errors.textToggle?.message}
            {...register("textToggle")}
          />
        </div>
      </SettingsPanel>
      <SettingsPanel
        id="check-in-title"
        title="How often we check in with you"
        description="Your legacy plan asks you, now and then, to confirm you are still here. If you miss a check-in and the reminders after it, the plan moves on to release what you chose to the people you chose."
      >
        <fieldset aria-describedby={errors.activityCheck ? "check-in-error" : undefined}>
          <legend className="sr-only">Check-in frequency</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {checkInChoices.map((choice) => (
              <label
                key={choice.value}
                className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line-strong bg-surface px-4 py-3 has-checked:border-accent has-checked:bg-accent-soft has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent"
              >
                <input
                  type="radio"
                  value={choice.value}
                  className="mt-1 size-4 accent-accent"
                  {...register("activityCheck")}
                />
                <span>
                  <span className="block font-medium text-ink">{choice.label}</span>
                  <span className="block text-sm text-ink-muted">{choice.hint}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.activityCheck ? (
            <p id="check-in-error" className="mt-2 text-sm font-medium text-danger">
              {errors.activityCheck.message}
            </p>
          ) : null}
        </fieldset>
      </SettingsPanel>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn-primary sm:px-8" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save preferences"}
        </button>
        <p role="status" className="text-[0.9375rem] font-medium text-success">
          {!isDirty ? saved : ""}
        </p>
      </div>
    </form>
  );
}
