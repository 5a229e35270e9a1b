import type { LegacyPlan, LegacyPlanRecipient } from "@heirloom/contract";
import { useState } from "react";
import { Link } from "react-router";
import { Notice } from "#app/components/ui/notice.tsx";
import type { DateFormat } from "#app/features/prefs/date-format.ts";
import { callApi } from "#app/lib/api.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { LetterEditor } from "./letter-editor.tsx";
import { buildDrill, openOwnerKeys } from "./owner-keys.ts";
import { type DocumentsState, documentLabel } from "./plan-items.tsx";
import { receiveLead } from "./plan-settings.ts";
import { recipientNeeds } from "./recipient-needs.ts";
import { recipientWarnings } from "./recipient-warnings.ts";
import { describeError, putPlan } from "./wrap-queue.ts";
import type { ContactWrapState } from "./wrappability.ts";

const stateText = (state: ContactWrapState | undefined) => {
  if (!state) return "Checking their key…";
  if (state.wrappable) return "Confirmed";
  switch (state.reason) {
    case "not-accepted":
      return "Invited";
    case "not-confirmed":
      return "Accepted: not confirmed yet";
    case "key-changed":
      return "Key changed";
    case "unverified":
      return "Key could not be verified";
    case "ended":
      return "No longer a contact";
  }
};

/** One recipient of a plan: what they would receive and when, what is missing, their letter and a drill. */
export function RecipientCard({
  plan,
  recipient,
  name,
  state,
  documents,
  contactsPath,
  ownerName,
  dates,
  announce,
}: {
  plan: LegacyPlan;
  recipient: LegacyPlanRecipient;
  name: string;
  state: ContactWrapState | undefined;
  documents: DocumentsState;
  contactsPath: string;
  ownerName: string;
  dates: DateFormat;
  announce: (text: string) => void;
}) {
  const [removing, setRemoving] = useState(false);
  const [drilling, setDrilling] = useState(false);
  const [drillError, setDrillError] = useState<string | null>(null);
  const needs = state?.wrappable ? recipientNeeds(plan, recipient, state.fingerprint) : null;
  const warnings = recipientWarnings(state ?? null, needs);
  const base = `recipient-${plan.id}-${recipient.contactId}`;
  const receives = plan.items.map((i) => documentLabel(documents, i.id));
  const prepared = needs ? needs.needed.length - needs.pending.length : 0;

  const sendDrill = async () => {
    if (!state?.wrappable) return;
    setDrillError(null);
    setDrilling(true);
    try {
      const body = await buildDrill(await openOwnerKeys(), {
        planId: plan.id,
        version: plan.version,
        contactId: recipient.contactId,
        ownerName,
        recipient: state,
      });
      putPlan(await callApi("sendLegacyDrill", { params: { id: plan.id }, body }));
      announce(`Drill sent to ${name}. It stays open for them for 7 days.`);
    } catch (error) {
      setDrillError(describeError(error));
    } finally {
      setDrilling(false);
    }
  };

  return (
    <li className="space-y-4 rounded-xl border border-line p-4 sm:p-5" data-testid="plan-recipient">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h4 id={`${base}-name`} className="min-w-0 text-lg font-semibold break-words">
          {name}
        </h4>
        <span
          data-testid="recipient-status"
          className={`inline-flex items-center rounded-full border px-3 py-1 text-sm font-medium ${
            state?.wrappable ? "border-success/40 bg-success-soft" : "border-brass/50 bg-brass-soft"
          } text-ink`}
        >
          {stateText(state)}
        </span>
      </div>

      {warnings.map((w) => (
        <Notice key={w.kind} tone={w.kind === "pending" || w.kind === "stale" ? "info" : "warning"}>
          <span data-testid="recipient-warning">{w.text}</span>
          {w.toContacts ? (
            <>
              {" "}
              <Link to={contactsPath} className="link">
                Go to your legacy contacts
              </Link>
            </>
          ) : null}
        </Notice>
      ))}

      <div>
        <p className="font-medium">{receiveLead(plan.settings.trigger, state?.wrappable === true)}:</p>
        {receives.length === 0 && !recipient.letter ? (
          <p className="mt-1 text-ink-muted">Nothing yet.</p>
        ) : (
          <ul className="mt-1.5 list-disc space-y-0.5 pl-5 break-words">
            {receives.map((text, i) => (
              <li key={plan.items[i]?.id}>{text}</li>
            ))}
            {recipient.letter ? <li>Your personal letter</li> : null}
          </ul>
        )}
        {needs && needs.needed.length > 0 ? (
          <p className="mt-2 text-sm text-ink-muted" data-testid="recipient-prepared">
            Prepared for their key: {prepared} of {needs.needed.length}
            {needs.pending.length === 0 && !needs.stale ? ", with a signed list of what they receive." : "."}
          </p>
        ) : null}
      </div>

      <LetterEditor planId={plan.id} recipient={recipient} name={name} announce={announce} />

      {state?.wrappable ? (
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              className="btn-secondary"
              disabled={drilling}
              onClick={() => void sendDrill()}
            >
              {drilling ? "Sending the drill…" : "Send a drill"}
            </button>
            <span className="text-sm text-ink-muted">
              {recipient.lastDrillAt
                ? `Last drill sent ${dates.dayAndTime(recipient.lastDrillAt)}.`
                : "A test document, so they know they can open what you leave them. No drill sent yet."}
            </span>
          </div>
          <div role="alert">
            {drillError ? <p className="font-medium text-danger">{drillError}</p> : null}
          </div>
        </div>
      ) : null}

      <div>
        <button type="button" className="btn-secondary" onClick={() => setRemoving(true)}>
          Remove {name} from this plan
        </button>
      </div>

      {removing ? (
        <ConfirmDialog
          id={`${base}-remove`}
          title={`Remove ${name} from this plan?`}
          confirmLabel="Remove recipient"
          busyLabel="Removing…"
          onClose={() => setRemoving(false)}
          onConfirm={async () => {
            putPlan(
              await callApi("removeLegacyPlanRecipient", {
                params: { id: plan.id, contactId: recipient.contactId },
              }),
            );
            announce(`${name} is no longer a recipient of this plan.`);
          }}
        >
          <p>
            They can no longer fetch anything of this plan from Heirloom, and your letter to them is deleted.
            Anything they already downloaded cannot be recalled.
          </p>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}
