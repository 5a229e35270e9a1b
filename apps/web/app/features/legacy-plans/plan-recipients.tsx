import type { LegacyContact, LegacyPlan } from "@heirloom/contract";
import { useState } from "react";
import { Link } from "react-router";
import type { DateFormat } from "#app/features/prefs/date-format.ts";
import { callApi } from "#app/lib/api.ts";
import type { DocumentsState } from "./plan-items.tsx";
import { RecipientCard } from "./recipient-card.tsx";
import type { OpenedPlans } from "./use-opened.ts";
import { describeError, putPlan } from "./wrap-queue.ts";

/** Contacts who can be added to a plan: invited (link still valid), accepted or confirmed. */
export const isLiveContact = (c: Pick<LegacyContact, "state">) =>
  c.state === "invited" || c.state === "accepted" || c.state === "confirmed";

/** What a plan's parts are shown with: the plan and what the page already loaded around it. */
export interface PlanViewProps {
  plan: LegacyPlan;
  contacts: readonly LegacyContact[];
  opened: OpenedPlans | undefined;
  documents: DocumentsState;
  contactsPath: string;
  ownerName: string;
  dates: DateFormat;
  announce: (text: string) => void;
}

/** Who receives the plan, and adding someone from the owner's legacy contacts. */
export function PlanRecipients({
  plan,
  contacts,
  opened,
  documents,
  contactsPath,
  ownerName,
  dates,
  announce,
}: PlanViewProps) {
  const id = `plan-${plan.id}`;
  const nameOf = (contactId: string) => {
    const contact = contacts.find((c) => c.id === contactId);
    return opened?.names.get(contactId) ?? contact?.contact?.name ?? contact?.email ?? "A former contact";
  };
  const candidates = contacts.filter(
    (c) => isLiveContact(c) && !plan.recipients.some((r) => r.contactId === c.id),
  );
  const [choice, setChoice] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = candidates.some((c) => c.id === choice) ? choice : (candidates[0]?.id ?? "");

  const add = async () => {
    if (!chosen) return;
    setError(null);
    setBusy(true);
    try {
      putPlan(
        await callApi("addLegacyPlanRecipient", { params: { id: plan.id }, body: { contactId: chosen } }),
      );
      announce(`${nameOf(chosen)} is now a recipient of this plan.`);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-recipients`} className="space-y-3">
      <h3 id={`${id}-recipients`} className="text-lg font-semibold">
        Who receives it
      </h3>
      {plan.recipients.length === 0 ? (
        <p className="text-ink-muted">Nobody yet. Add one of your legacy contacts.</p>
      ) : (
        <ul className="space-y-4">
          {plan.recipients.map((recipient) => (
            <RecipientCard
              key={recipient.contactId}
              plan={plan}
              recipient={recipient}
              name={nameOf(recipient.contactId)}
              state={opened?.states.get(recipient.contactId)}
              documents={documents}
              contactsPath={contactsPath}
              ownerName={ownerName}
              dates={dates}
              announce={announce}
            />
          ))}
        </ul>
      )}
      {candidates.length > 0 ? (
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 grow sm:grow-0">
            <label htmlFor={`${id}-add-recipient`} className="block text-sm font-medium">
              Add a recipient
            </label>
            <select
              id={`${id}-add-recipient`}
              className="field-input mt-1.5 sm:min-w-64"
              value={chosen}
              disabled={busy}
              onChange={(event) => setChoice(event.currentTarget.value)}
            >
              {candidates.map((c) => (
                <option key={c.id} value={c.id}>
                  {nameOf(c.id)}
                  {c.state === "confirmed"
                    ? ""
                    : c.state === "accepted"
                      ? " (not confirmed yet)"
                      : " (invited)"}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => void add()}>
            {busy ? "Adding…" : "Add to this plan"}
          </button>
        </div>
      ) : null}
      <p className="text-sm text-ink-muted">
        Recipients are your legacy contacts.{" "}
        <Link to={contactsPath} className="link">
          Invite someone new
        </Link>
      </p>
      <div role="alert">{error ? <p className="font-medium text-danger">{error}</p> : null}</div>
    </section>
  );
}
