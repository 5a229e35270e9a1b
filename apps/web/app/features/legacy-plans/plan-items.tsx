import type { LegacyPlan } from "@heirloom/contract";
import { useMemo, useState } from "react";
import { Modal } from "#app/components/ui/modal.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import type { DocumentEntry } from "#app/features/documents/documents.ts";
import { allLabels } from "#app/features/documents/list-view.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { detailsAfterAdding, detailsAfterRemoval, documentsWithLabel } from "./label-rules.ts";
import { addDocuments, removeDocument, savePlanDetails } from "./plan-api.ts";
import type { PlanDetailsContent } from "./plan-details.ts";
import { describeError } from "./wrap-queue.ts";

export interface DocumentsState {
  readonly list: readonly DocumentEntry[] | undefined;
  readonly failed: boolean;
  readonly retry: () => void;
}

/** A plan item's document as the page names it. */
export function documentLabel(documents: DocumentsState, id: string): string {
  const entry = documents.list?.find((d) => d.documentId === id);
  if (entry?.status === "ready") return entry.name;
  if (entry?.status === "incomplete") return `${entry.name || "A document"} (upload not finished)`;
  if (entry?.status === "damaged") return "A document that cannot be verified";
  if (!documents.list) return documents.failed ? "A document (names could not be read)" : "Opening…";
  return "A document no longer in your vault";
}

/** What the plan hands on: its documents, how to add more (one by one or by label), and its label rules. */
export function PlanItems({
  plan,
  planName,
  details,
  documents,
  announce,
}: {
  plan: LegacyPlan;
  planName: string;
  details: PlanDetailsContent | null | undefined;
  documents: DocumentsState;
  announce: (text: string) => void;
}) {
  const [removing, setRemoving] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [label, setLabel] = useState("");
  const [includeLater, setIncludeLater] = useState(true);
  const [busy, setBusy] = useState(false);
  const inPlan = useMemo(() => new Set(plan.items.map((i) => i.id)), [plan.items]);
  const ready = useMemo(() => (documents.list ?? []).filter((d) => d.status === "ready"), [documents.list]);
  const labels = useMemo(() => allLabels(ready), [ready]);
  const chosenLabel = label && labels.includes(label) ? label : (labels[0] ?? "");
  const id = `plan-${plan.id}`;

  const run = async (work: () => Promise<string>) => {
    setError(null);
    setBusy(true);
    try {
      announce(await work());
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  const addByLabel = () =>
    run(async () => {
      const matching = documentsWithLabel(ready, chosenLabel).map((d) => d.documentId);
      const fresh = matching.filter((m) => !inPlan.has(m));
      if (includeLater && details && !details.labels.includes(chosenLabel)) {
        await savePlanDetails(plan, {
          ...details,
          labels: [...details.labels, chosenLabel],
          excludedIds: details.excludedIds.filter((x) => !matching.includes(x)),
        });
      }
      await addDocuments(plan.id, fresh);
      const count = `${fresh.length} ${fresh.length === 1 ? "document" : "documents"}`;
      return includeLater && details
        ? `Added ${count} labelled “${chosenLabel}”. Documents that get this label later join the plan by themselves.`
        : `Added ${count} labelled “${chosenLabel}”.`;
    });

  const stopRule = (rule: string) =>
    run(async () => {
      if (!details) throw new Error("The plan's settings could not be read.");
      await savePlanDetails(plan, { ...details, labels: details.labels.filter((l) => l !== rule) });
      return `Documents labelled “${rule}” later will no longer join this plan by themselves. Those in it stay.`;
    });

  const removingEntry = removing ? documents.list?.find((d) => d.documentId === removing) : undefined;

  return (
    <section aria-labelledby={`${id}-items`} className="space-y-3">
      <h3 id={`${id}-items`} className="text-lg font-semibold">
        What this plan hands on
      </h3>
      {documents.failed && !documents.list ? (
        <Notice tone="danger" title="Your documents could not be listed">
          <button type="button" className="btn-secondary mt-2" onClick={documents.retry}>
            Try again
          </button>
        </Notice>
      ) : null}
      {plan.items.length === 0 ? (
        <p className="text-ink-muted">No documents yet. Add the documents this plan should hand on.</p>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line" data-testid="plan-items">
          {plan.items.map((item) => (
            <li
              key={item.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3"
            >
              <span className="min-w-0 break-words">{documentLabel(documents, item.id)}</span>
              <button
                type="button"
                className="btn-secondary min-h-10 px-3.5 py-1.5 text-sm"
                onClick={() => setRemoving(item.id)}
                aria-label={`Remove ${documentLabel(documents, item.id)} from this plan`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}

      {details && details.labels.length > 0 ? (
        <ul className="space-y-2" aria-label="Label rules">
          {details.labels.map((rule) => (
            <li
              key={rule}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-surface-sunken px-4 py-3"
            >
              <span className="min-w-0 break-words">
                Documents labelled <strong>“{rule}”</strong> join this plan by themselves, including ones
                added later.
              </span>
              <button
                type="button"
                className="btn-secondary min-h-10 px-3.5 py-1.5 text-sm"
                disabled={busy}
                onClick={() => void stopRule(rule)}
              >
                Stop adding “{rule}”
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-secondary"
          disabled={!documents.list || busy}
          onClick={() => setChoosing(true)}
        >
          Choose documents
        </button>
      </div>

      {labels.length > 0 ? (
        <fieldset className="rounded-xl border border-line p-4" disabled={busy}>
          <legend className="px-1 text-sm font-medium">Add documents by label</legend>
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-0 grow sm:grow-0">
              <label htmlFor={`${id}-label`} className="block text-sm font-medium">
                Label
              </label>
              <select
                id={`${id}-label`}
                className="field-input mt-1.5 sm:min-w-56"
                value={chosenLabel}
                onChange={(event) => setLabel(event.currentTarget.value)}
              >
                {labels.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" className="btn-secondary" onClick={() => void addByLabel()}>
              Add documents labelled “{chosenLabel}”
            </button>
          </div>
          <div className="mt-3 flex items-start gap-2.5">
            <input
              id={`${id}-later`}
              type="checkbox"
              className="mt-1 size-4.5 shrink-0 accent-accent"
              checked={includeLater}
              disabled={!details}
              onChange={(event) => setIncludeLater(event.currentTarget.checked)}
            />
            <label htmlFor={`${id}-later`}>Include documents added later under this label</label>
          </div>
        </fieldset>
      ) : null}

      <div role="alert">{error ? <p className="font-medium text-danger">{error}</p> : null}</div>

      {choosing && documents.list ? (
        <ChooseDocuments
          planName={planName}
          documents={ready.filter((d) => !inPlan.has(d.documentId))}
          onClose={() => setChoosing(false)}
          onAdd={async (ids) => {
            const next = details ? detailsAfterAdding(details, ids) : null;
            if (next) await savePlanDetails(plan, next);
            await addDocuments(plan.id, ids);
            announce(`Added ${ids.length} ${ids.length === 1 ? "document" : "documents"} to ${planName}.`);
          }}
        />
      ) : null}

      {removing ? (
        <ConfirmDialog
          id={`${id}-remove-item`}
          title={`Remove ${documentLabel(documents, removing)} from this plan?`}
          confirmLabel="Remove from plan"
          busyLabel="Removing…"
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            const next = details ? detailsAfterRemoval(details, removingEntry) : null;
            // The rule's exception is saved first, so a wrap pass in between cannot add it back.
            if (next) await savePlanDetails(plan, next);
            await removeDocument(plan.id, removing);
            announce(`Removed ${documentLabel(documents, removing)} from ${planName}.`);
          }}
        >
          <p>
            Its recipients can no longer fetch it from Heirloom. Anything they already downloaded cannot be
            recalled.
          </p>
          <p>The document stays in your vault.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function ChooseDocuments({
  planName,
  documents,
  onAdd,
  onClose,
}: {
  planName: string;
  documents: readonly DocumentEntry[];
  onAdd: (ids: string[]) => Promise<void>;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [search, setSearch] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const needle = search.trim().toLowerCase();
  const shown = documents.filter((d) => !needle || d.name.toLowerCase().includes(needle));
  return (
    <Modal id="choose-documents" title={`Add documents to ${planName}`} onClose={busy ? () => {} : onClose}>
      {documents.length === 0 ? (
        <p className="leading-relaxed text-ink-muted">
          Every complete document in your vault is in this plan already. Add documents on the Documents page
          first.
        </p>
      ) : (
        <form
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            if (chosen.length === 0) {
              setError("Choose at least one document.");
              return;
            }
            setBusy(true);
            setError(null);
            try {
              await onAdd(chosen);
              onClose();
            } catch (failure) {
              setError(describeError(failure));
              setBusy(false);
            }
          }}
        >
          <label htmlFor="choose-search" className="block text-sm font-medium">
            Search by name
          </label>
          <input
            id="choose-search"
            type="search"
            className="field-input mt-1.5"
            value={search}
            autoComplete="off"
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <fieldset className="mt-4" disabled={busy}>
            <legend className="text-sm font-medium">Documents</legend>
            <ul className="mt-2 max-h-72 space-y-1 overflow-y-auto rounded-xl border border-line p-2">
              {shown.map((d) => (
                <li key={d.documentId} className="flex items-start gap-2.5 rounded-lg px-2 py-1.5">
                  <input
                    id={`choose-${d.documentId}`}
                    type="checkbox"
                    className="mt-1 size-4.5 shrink-0 accent-accent"
                    checked={chosen.includes(d.documentId)}
                    onChange={(event) => {
                      const on = event.currentTarget.checked;
                      setChosen((c) => (on ? [...c, d.documentId] : c.filter((x) => x !== d.documentId)));
                    }}
                  />
                  <label htmlFor={`choose-${d.documentId}`} className="min-w-0 break-words">
                    {d.name}
                    {d.labels.length ? (
                      <span className="block text-sm text-ink-muted">{d.labels.join(", ")}</span>
                    ) : null}
                  </label>
                </li>
              ))}
              {shown.length === 0 ? (
                <li className="px-2 py-1.5 text-ink-muted">No name contains “{search}”.</li>
              ) : null}
            </ul>
          </fieldset>
          <div role="alert">{error ? <p className="mt-3 font-medium text-danger">{error}</p> : null}</div>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy
                ? "Adding…"
                : `Add ${chosen.length || ""} ${chosen.length === 1 ? "document" : "documents"}`.replace(
                    "  ",
                    " ",
                  )}
            </button>
          </div>
        </form>
      )}
      {documents.length === 0 ? (
        <div className="mt-6 flex justify-end">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Close
          </button>
        </div>
      ) : null}
    </Modal>
  );
}
