import type { LegacySharedList } from "@heirloom/contract";
import { useState } from "react";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { describeLegacyError } from "#app/features/legacy-contacts/contacts-cache.ts";
import { callApi } from "#app/lib/api.ts";
import { invalidateApi } from "#app/lib/query.tsx";
import { REQUEST_REASON_MAX_LENGTH, sealRequestReason } from "./request-reason.ts";

type NamingPlan = LegacySharedList["plans"][number];

/**
 * What I can do about a plan that names me: as its recipient, ask for access (when the plan takes requests); as its
 * trustee, confirm or decline a release its trigger started. The owner is told of each at once.
 */
export function NamingActions({ plan }: { plan: NamingPlan }) {
  const [asking, setAsking] = useState<null | "request" | "yes" | "no">(null);
  const [said, setSaid] = useState("");
  const [reason, setReason] = useState("");
  const owner = plan.ownerName || "the owner";
  const canAsk =
    plan.takesRequests && (plan.phase === "active" || plan.phase === "reminding" || plan.phase === "grace");
  if (!canAsk && !plan.awaitingMyAnswer && !said) return null;
  const done = (text: string) => {
    setSaid(text);
    void invalidateApi("listLegacyShared");
  };
  return (
    <div className="mt-3 space-y-2">
      <p role="status" aria-live="polite" className="text-sm text-ink-muted">
        {said}
      </p>
      <div className="flex flex-wrap gap-3">
        {canAsk ? (
          <button type="button" className="btn-secondary" onClick={() => setAsking("request")}>
            Ask for access
          </button>
        ) : null}
        {plan.awaitingMyAnswer ? (
          <>
            <button type="button" className="btn-primary" onClick={() => setAsking("yes")}>
              Confirm the release
            </button>
            <button type="button" className="btn-secondary" onClick={() => setAsking("no")}>
              Say no
            </button>
          </>
        ) : null}
      </div>
      {asking === "request" ? (
        <ConfirmDialog
          id={`ask-${plan.planId}`}
          title={`Ask for access to ${owner}'s plan?`}
          confirmLabel="Ask for access"
          busyLabel="Asking…"
          describeError={describeLegacyError}
          onClose={() => setAsking(null)}
          onConfirm={async () => {
            const sealed = await sealRequestReason(plan, reason);
            await callApi("requestLegacyAccess", { params: { id: plan.planId }, body: { reason: sealed } });
            setReason("");
            done(`You asked for access. ${owner} has been told, and can refuse.`);
          }}
        >
          <p>
            Heirloom tells {owner} at once, by email and in the app. If they do not refuse within the plan's
            waiting period, the plan is released to its recipients.
          </p>
          <p>Ask only if {owner} can no longer act for themselves.</p>
          {plan.ownerPublicKeyPem ? (
            <div>
              <label htmlFor={`ask-${plan.planId}-reason`} className="block text-sm font-medium">
                Why are you asking? (optional)
              </label>
              <textarea
                id={`ask-${plan.planId}-reason`}
                className="field-input mt-1.5 min-h-24 resize-y"
                maxLength={REQUEST_REASON_MAX_LENGTH}
                value={reason}
                aria-describedby={`ask-${plan.planId}-reason-hint`}
                onChange={(event) => setReason(event.currentTarget.value)}
              />
              <p id={`ask-${plan.planId}-reason-hint`} className="mt-1.5 text-sm text-ink-muted">
                Encrypted in this browser for {owner} alone; Heirloom cannot read it. The mail to them says
                only that you asked.
              </p>
            </div>
          ) : null}
        </ConfirmDialog>
      ) : null}
      {asking === "yes" || asking === "no" ? (
        <ConfirmDialog
          id={`answer-${plan.planId}`}
          title={
            asking === "yes"
              ? `Confirm the release of ${owner}'s plan?`
              : `Say no to releasing ${owner}'s plan?`
          }
          confirmLabel={asking === "yes" ? "Confirm the release" : "Say no"}
          busyLabel="Saving…"
          describeError={describeLegacyError}
          onClose={() => setAsking(null)}
          onConfirm={async () => {
            const answer = asking;
            await callApi("answerAsTrustee", { params: { id: plan.planId }, body: { answer } });
            done(
              answer === "yes"
                ? "You confirmed. The plan is released once enough trustees confirm."
                : `You said no. ${owner} will see your answer.`,
            );
          }}
        >
          <p>
            {asking === "yes"
              ? `Confirm only if you know ${owner} can no longer act for themselves.`
              : `Say no if you know ${owner} is able to act. Your answer is recorded in the plan's history.`}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
