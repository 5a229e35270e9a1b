import { apiRoutes, type ContactRequest, contactLimits, contactRequestSchema } from "@heirloom/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Icon } from "#app/components/ui/icon.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { TextAreaField } from "#app/components/ui/text-area-field.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { ApiError, callApi } from "#app/lib/api.ts";

const fieldNames = ["name", "email", "message"] as const satisfies readonly (keyof ContactRequest)[];
type Sent = { name: string; email: string };

/** Turns a failed send into the sentence a person needs (the field errors are shown under their fields). */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429)
      return "You've sent several messages in a short time. Please try again in an hour.";
    if (error.code === "network") return "We couldn't reach Heirloom. Check your connection and try again.";
    if (error.status === 400 && Object.keys(error.fields).length > 0)
      return "Please correct the highlighted fields.";
    const ref = error.requestId
      ? ` If it keeps happening, contact us and quote reference ${error.requestId}.`
      : "";
    return `Something went wrong on our side and your message was not sent. Please try again in a few minutes.${ref}`;
  }
  return "Something went wrong and your message was not sent. Please try again in a few minutes.";
}

/**
 * Name, email and message, checked in the browser with the same schema the server uses, then sent as JSON.
 * Success and failure are announced in live regions so screen-reader users hear the outcome.
 */
export function ContactForm() {
  const [sent, setSent] = useState<Sent | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: { name: "", email: "", message: "" },
    mode: "onTouched",
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await callApi("sendContactMessage", { body: values });
      setSent({ name: values.name, email: values.email });
      reset();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of fieldNames) {
          const message = error.fields[field];
          if (message) setError(field, { type: "server", message }, { shouldFocus: true });
        }
      }
      setFailure(failureMessage(error));
    }
  });

  return (
    <div>
      <div role="status" aria-live="polite">
        {sent ? (
          <div className="rounded-2xl border border-success/40 bg-success-soft p-6">
            <p className="flex items-center gap-3 text-lg font-semibold">
              <Icon name="check-circle" className="size-6 shrink-0 text-success" />
              Message sent
            </p>
            <p className="mt-3 leading-relaxed">
              Thanks, {sent.name}. We received your message and will reply to {sent.email} as soon as we can.
            </p>
            <button type="button" className="btn-secondary mt-5" onClick={() => setSent(null)}>
              Send another message
            </button>
          </div>
        ) : null}
      </div>

      {sent ? null : (
        <form method="post" action={apiRoutes.contact} noValidate onSubmit={onSubmit} className="space-y-6">
          <h2 id="contact-form-title" className="font-display text-2xl font-semibold">
            Send us a message
          </h2>
          <div role="alert">
            {failure ? (
              <Notice tone="danger" title="Your message was not sent">
                {failure}
              </Notice>
            ) : null}
          </div>
          <TextField
            id="contact-name"
            label="Your name"
            autoComplete="name"
            maxLength={contactLimits.name}
            error={errors.name?.message}
            {...register("name")}
          />
          <TextField
            id="contact-email"
            label="Email address"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            hint="We reply to this address, and use it for nothing else."
            error={errors.email?.message}
            {...register("email")}
          />
          <TextAreaField
            id="contact-message"
            label="Message"
            rows={7}
            hint={`At least ${contactLimits.messageMin} characters. Please never include your password or recovery key.`}
            error={errors.message?.message}
            {...register("message")}
          />
          <button type="submit" className="btn-primary w-full sm:w-auto sm:px-8" disabled={isSubmitting}>
            <Icon name="send" className="size-5" />
            {isSubmitting ? "Sending…" : "Send message"}
          </button>
        </form>
      )}
    </div>
  );
}
