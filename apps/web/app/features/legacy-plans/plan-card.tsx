import { useRef, useState } from "react";
import { callApi } from "#app/lib/api.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { deletePlan, savePlanDetails } from "./plan-api.ts";
import { planTitle } from "./plan-details.ts";
import { PlanForm } from "./plan-form.tsx";
import { PlanItems } from "./plan-items.tsx";
import { PlanProgress } from "./plan-progress.tsx";
import { isLiveContact, PlanRecipients, type PlanViewProps } from "./plan-recipients.tsx";
import { planFormFrom, settingsSentences, triggerLabel, triggerSentence } from "./plan-settings.ts";
import { putPlan } from "./wrap-queue.ts";

/** One plan: its name and trigger, what it hands on, to whom; edit its settings or delete it. */
export function PlanCard({
  plan,
  contacts,
  opened,
  documents,
  contactsPath,
  ownerName,
  dates,
  announce,
}: PlanViewProps) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const details = opened?.details.get(plan.id);
  const title = opened ? planTitle(details) : "Opening…";
  const released = plan.phase === "released";
  const nameOf = (contactId: string) => opened?.names.get(contactId) ?? "a former contact";
  const trustees = contacts
    .filter((c) => isLiveContact(c) || plan.settings.trustees?.contactIds.includes(c.id))
    .map((c) => ({ id: c.id, name: nameOf(c.id) }));
  const id = `plan-${plan.id}`;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-6 rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-7"
      data-testid="legacy-plan"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h2
          ref={heading}
          tabIndex={-1}
          id={`${id}-title`}
          className="min-w-0 text-xl font-semibold break-words outline-none"
        >
          {title}
        </h2>
        <span
          data-testid="plan-trigger"
          className={`inline-flex items-center rounded-full border px-3 py-1 text-sm font-medium text-ink ${
            released ? "border-success/40 bg-success-soft" : "border-line-strong bg-surface-sunken"
          }`}
        >
          {triggerLabel(plan.settings.trigger)}
        </span>
      </div>

      {editing && details !== undefined ? (
        <PlanForm
          initial={planFormFrom(details?.name ?? "", plan.settings)}
          trustees={trustees}
          submitLabel="Save the plan"
          busyLabel="Saving…"
          onCancel={() => setEditing(false)}
          onSubmit={async ({ name, settings }) => {
            const current = details ?? { name: "", labels: [], excludedIds: [] };
            if (name !== current.name) await savePlanDetails(plan, { ...current, name });
            putPlan(await callApi("updateLegacyPlan", { params: { id: plan.id }, body: { settings } }));
            setEditing(false);
            announce(`${name} is saved.`);
            setTimeout(() => heading.current?.focus(), 0);
          }}
        />
      ) : (
        <div className="space-y-3">
          <p className="leading-relaxed">
            Recipients receive what it holds {triggerSentence(plan.settings.trigger)}.
          </p>
          {settingsSentences(plan.settings, nameOf).map((sentence) => (
            <p key={sentence} className="leading-relaxed text-ink-muted">
              {sentence}
            </p>
          ))}
          <PlanProgress plan={plan} dates={dates} nameOf={nameOf} announce={announce} />
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-secondary"
              onClick={() => setEditing(true)}
              disabled={!opened}
            >
              Edit name and trigger
            </button>
            <button type="button" className="btn-secondary" onClick={() => setDeleting(true)}>
              Delete plan
            </button>
          </div>
        </div>
      )}

      <PlanItems plan={plan} planName={title} details={details} documents={documents} announce={announce} />
      <PlanRecipients
        plan={plan}
        contacts={contacts}
        opened={opened}
        documents={documents}
        contactsPath={contactsPath}
        ownerName={ownerName}
        dates={dates}
        announce={announce}
      />

      {deleting ? (
        <ConfirmDialog
          id={`${id}-delete`}
          title={`Delete ${title}?`}
          confirmLabel="Delete plan"
          busyLabel="Deleting…"
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await deletePlan(plan.id);
            announce(`${title} is deleted.`);
          }}
        >
          <p>
            Its recipients can no longer fetch anything of it from Heirloom, and your letters in it are
            deleted. Anything they already downloaded cannot be recalled.
          </p>
          <p>Your documents stay in your vault.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
