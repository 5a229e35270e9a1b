import type { LegacyContact } from "@heirloom/contract";
import { useState } from "react";
import { callApi } from "#app/lib/api.ts";
import { openOwnerKeys, sealPlanDetails } from "./owner-keys.ts";
import { PlanForm } from "./plan-form.tsx";
import { isLiveContact } from "./plan-recipients.tsx";
import { emptyPlanForm } from "./plan-settings.ts";
import type { OpenedPlans } from "./use-opened.ts";
import { putPlan } from "./wrap-queue.ts";

/** Makes a plan: the id is made here, so the sealed name can be bound to it before the server stores it. */
export function NewPlan({
  contacts,
  opened,
  announce,
}: {
  contacts: readonly LegacyContact[];
  opened: OpenedPlans | undefined;
  announce: (text: string) => void;
}) {
  // A fresh form after each plan made.
  const [round, setRound] = useState(0);
  const trustees = contacts
    .filter(isLiveContact)
    .map((c) => ({ id: c.id, name: opened?.names.get(c.id) ?? c.contact?.name ?? c.email }));
  return (
    <PlanForm
      key={round}
      initial={emptyPlanForm()}
      trustees={trustees}
      submitLabel="Make the plan"
      busyLabel="Making the plan…"
      onSubmit={async ({ name, settings }) => {
        const id = crypto.randomUUID();
        const details = await sealPlanDetails(await openOwnerKeys(), id, {
          name,
          labels: [],
          excludedIds: [],
        });
        putPlan(await callApi("createLegacyPlan", { body: { id, details, settings } }));
        setRound((r) => r + 1);
        announce(`${name} is made. Now choose what it hands on, and to whom.`);
      }}
    />
  );
}
