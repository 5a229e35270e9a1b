import type { LegacyPlanRecipient } from "@heirloom/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { callApi } from "#app/lib/api.ts";
import { LETTER_MAX_LENGTH, openLetter, openOwnerKeys, sealLetter } from "./owner-keys.ts";
import { describeError, putPlan } from "./wrap-queue.ts";

/**
 * The personal letter to one recipient. Saved as an item of its own: a fresh id and DEK on every save, the text sealed
 * under the DEK and the DEK sealed for the owner; the wrap queue then wraps it to the recipient.
 */
export function LetterEditor({
  planId,
  recipient,
  name,
  announce,
}: {
  planId: string;
  recipient: LegacyPlanRecipient;
  name: string;
  announce: (text: string) => void;
}) {
  const letter = recipient.letter;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const opened = useQuery({
    queryKey: ["legacy-letter", letter?.id],
    enabled: editing && letter !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async () => (letter ? openLetter(await openOwnerKeys(), letter) : ""),
  });
  const fieldId = `letter-${planId}-${recipient.contactId}`;
  const text = draft ?? opened.data ?? "";
  const loading = editing && letter !== null && opened.isPending;

  const save = async () => {
    setError(null);
    if (!text.trim()) {
      setError("Write the letter first, or delete it.");
      return;
    }
    setBusy(true);
    try {
      const sealed = await sealLetter(await openOwnerKeys(), text);
      putPlan(
        await callApi("saveLegacyLetter", {
          params: { id: planId, contactId: recipient.contactId },
          body: sealed,
        }),
      );
      setEditing(false);
      setDraft(null);
      announce(`Your letter to ${name} is saved. It is being prepared for them.`);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setError(null);
    setBusy(true);
    try {
      putPlan(
        await callApi("deleteLegacyLetter", { params: { id: planId, contactId: recipient.contactId } }),
      );
      setEditing(false);
      setDraft(null);
      announce(`Your letter to ${name} is deleted.`);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  if (!editing) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn-secondary" onClick={() => setEditing(true)}>
          {letter ? "Edit the letter" : "Write a letter"}
        </button>
        <span className="text-sm text-ink-muted">
          {letter ? "A personal letter is saved for them." : "No personal letter yet."}
        </span>
      </div>
    );
  }

  return (
    <div className="space-y-3">
      {loading ? (
        <p role="status" className="text-ink-muted">
          Opening your letter…
        </p>
      ) : opened.isError ? (
        <p role="alert" className="font-medium text-danger">
          Your letter could not be opened. {describeError(opened.error)}
        </p>
      ) : (
        <div>
          <label htmlFor={fieldId} className="block text-sm font-medium">
            Your letter to {name}
          </label>
          <textarea
            id={fieldId}
            className="field-input mt-1.5 min-h-40 resize-y"
            maxLength={LETTER_MAX_LENGTH}
            value={text}
            disabled={busy}
            aria-describedby={`${fieldId}-hint`}
            onChange={(event) => setDraft(event.currentTarget.value)}
          />
          <p id={`${fieldId}-hint`} className="mt-1.5 text-sm text-ink-muted">
            Encrypted in this browser with its own key. Only {name} can open it, once the plan is released to
            them.
          </p>
        </div>
      )}
      <div role="alert">{error ? <p className="font-medium text-danger">{error}</p> : null}</div>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-primary" disabled={busy || loading} onClick={() => void save()}>
          {busy ? "Saving…" : "Save the letter"}
        </button>
        {letter ? (
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => void remove()}>
            Delete the letter
          </button>
        ) : null}
        <button
          type="button"
          className="btn-secondary"
          disabled={busy}
          onClick={() => {
            setEditing(false);
            setDraft(null);
            setError(null);
          }}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
