import { legacyContactRules } from "@heirloom/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { FieldFrame } from "#app/components/ui/field-frame.tsx";
import { FormOutcome } from "#app/components/ui/form-feedback.tsx";
import { TextAreaField } from "#app/components/ui/text-area-field.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { ApiError } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/query.tsx";
import { openOwnerKeys, sealDetails } from "./contact-keys.ts";
import { putContact } from "./contacts-cache.ts";
import {
  type InviteInput,
  type InviteValues,
  inviteDefaults,
  inviteSchema,
  otherRelationship,
  relationships,
} from "./invite-schema.ts";

const keysFailed =
  "Your keys could not be opened in this browser, so the name and relationship could not be sealed. Reload the page and try again.";

/** "12 of 500 characters": read with the field (aria-describedby), not announced on every key press. */
function noteHint(length: number): string {
  const max = legacyContactRules.noteMaxLength;
  const left = max - length;
  const count = left >= 0 ? `${length} of ${max} characters.` : `${-left} characters too many.`;
  return `Optional. Mailed once with the invitation, set apart as written by you; Heirloom does not keep it. ${count}`;
}

/**
 * Invite a person: their address, and the name and relationship the owner knows them by, sealed here under the
 * account key before they are sent (the server keeps only the sealed blob), with an optional note for the mail.
 */
export function InviteForm() {
  const [failure, setFailure] = useState<{ message: string; attempt: number } | null>(null);
  const attempts = useRef(0);
  const fail = (message: string) => {
    attempts.current += 1;
    setFailure({ message, attempt: attempts.current });
  };
  const [sentTo, setSentTo] = useState<string | null>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<InviteValues, unknown, InviteInput>({
    resolver: zodResolver(inviteSchema),
    defaultValues: inviteDefaults,
    // The error summary takes focus (it names what to fix); each field carries its own message too.
    shouldFocusError: false,
  });
  const invite = useApiMutation("inviteLegacyContact", { onSuccess: putContact });

  const onSubmit = handleSubmit(
    async ({ email, details, note }) => {
      setFailure(null);
      setSentTo(null);
      let sealed: string;
      try {
        sealed = await sealDetails(await openOwnerKeys(), email, details);
      } catch {
        fail(keysFailed);
        return;
      }
      try {
        await invite.mutateAsync({ body: { email, details: sealed, ...(note ? { note } : {}) } });
      } catch (error) {
        if (error instanceof ApiError) {
          const field = (["email", "note"] as const).find((name) => error.fields[name]);
          if (field) setError(field, { type: "server", message: error.fields[field] });
          fail(error.message);
        } else fail("The invitation was not sent. Please try again.");
        return;
      }
      reset(inviteDefaults);
      setSentTo(email);
      requestAnimationFrame(() => outcome.current?.focus());
    },
    (problems) => {
      setSentTo(null);
      const count = Object.keys(problems).length;
      fail(
        count === 1
          ? "The invitation was not sent. Please correct the highlighted field."
          : "The invitation was not sent. Please correct the highlighted fields.",
      );
    },
  );

  const [relationship, note] = watch(["relationship", "note"]);
  const busy = isSubmitting;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Invite a legacy contact">
      <ErrorSummary
        key={failure?.attempt ?? 0}
        title="We couldn't send the invitation"
        message={failure?.message ?? null}
      />
      {sentTo ? (
        <FormOutcome ref={outcome} tone="success" title="Invitation sent">
          We emailed <strong className="break-words">{sentTo}</strong> a link that works for{" "}
          {legacyContactRules.invitationLifetimeDays} days. When they accept, compare their six words with
          them and confirm them below.
        </FormOutcome>
      ) : null}
      <fieldset disabled={busy} className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="invite-email"
          label="Their email address"
          type="email"
          autoComplete="off"
          inputMode="email"
          spellCheck={false}
          className="sm:col-span-2 sm:max-w-md"
          error={errors.email?.message}
          {...register("email")}
        />
        <TextField
          id="invite-name"
          label="Their name"
          autoComplete="off"
          hint="Only you can read it: it is encrypted in this browser."
          error={errors.name?.message}
          {...register("name")}
        />
        <FieldFrame
          id="invite-relationship"
          label="How you know them"
          hint="Encrypted with their name."
          error={errors.relationship?.message}
        >
          {(aria) => (
            <select {...aria} className="field-input mt-1.5" {...register("relationship")}>
              <option value="">Choose…</option>
              {relationships.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        {relationship === otherRelationship ? (
          <TextField
            id="invite-relationship-other"
            label="Describe the relationship"
            autoComplete="off"
            className="sm:col-start-2"
            error={errors.relationshipOther?.message}
            {...register("relationshipOther")}
          />
        ) : null}
        <TextAreaField
          id="invite-note"
          label="A personal note (optional)"
          className="sm:col-span-2"
          rows={4}
          hint={noteHint(note.length)}
          error={errors.note?.message}
          {...register("note")}
        />
      </fieldset>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? "Sending the invitation…" : "Send the invitation"}
      </button>
    </form>
  );
}
