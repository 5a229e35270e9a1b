import { type LegacyPlanSettings, legacyPlanRules } from "@heirloom/contract";
import { type FormEvent, useId, useState } from "react";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { PLAN_NAME_MAX_LENGTH } from "./plan-details.ts";
import {
  type GraceDays,
  NOT_RECALLABLE,
  type PlanFormErrors,
  type PlanFormValues,
  type TriggerKind,
  validatePlanForm,
  type WaitingDays,
} from "./plan-settings.ts";
import { describeError } from "./wrap-queue.ts";

export interface TrusteeChoice {
  readonly id: string;
  readonly name: string;
}

const triggerChoices: { kind: TriggerKind; label: string; hint: string }[] = [
  {
    kind: "shareNow",
    label: "Share now",
    hint: "Released at once, and kept in step as you add documents. Also how a family shares documents today.",
  },
  {
    kind: "missedCheckIn",
    label: "If I stop checking in",
    hint: "Released when you miss your check-ins and a grace period passes.",
  },
  {
    kind: "request",
    label: "If a recipient asks and I don't refuse",
    hint: "A recipient can ask for it; it is released if you don't refuse within the waiting period.",
  },
];

const plural = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/** A plan's name and when it is released: for a new plan and for editing one. */
export function PlanForm({
  initial,
  trustees,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: {
  initial: PlanFormValues;
  trustees: readonly TrusteeChoice[];
  submitLabel: string;
  busyLabel: string;
  onSubmit: (result: { name: string; settings: LegacyPlanSettings }) => Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId().replace(/:/g, "");
  const [values, setValues] = useState<PlanFormValues>(initial);
  const [errors, setErrors] = useState<PlanFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = (patch: Partial<PlanFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const result = validatePlanForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      setFailure("The plan was not saved. Please correct the highlighted fields.");
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit({ name: result.name, settings: result.settings });
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-6" aria-busy={busy}>
      <ErrorSummary title="Not saved" message={failure} />
      <fieldset disabled={busy} className="space-y-6">
        <TextField
          id={`${id}-name`}
          label="Plan name"
          hint="Only you see it: it is encrypted in this browser."
          autoComplete="off"
          maxLength={PLAN_NAME_MAX_LENGTH + 20}
          value={values.name}
          error={errors.name}
          onChange={(event) => change({ name: event.currentTarget.value })}
        />

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-ink">When is it released?</legend>
          {triggerChoices.map((choice) => (
            <div key={choice.kind} className="rounded-xl border border-line p-3.5 has-checked:border-accent">
              <div className="flex items-start gap-3">
                <input
                  id={`${id}-trigger-${choice.kind}`}
                  type="radio"
                  name={`${id}-trigger`}
                  value={choice.kind}
                  checked={values.trigger === choice.kind}
                  onChange={() => change({ trigger: choice.kind })}
                  aria-describedby={`${id}-trigger-${choice.kind}-hint`}
                  className="mt-1 size-4.5 shrink-0 accent-accent"
                />
                <div className="min-w-0">
                  <label htmlFor={`${id}-trigger-${choice.kind}`} className="font-medium">
                    {choice.label}
                  </label>
                  <p id={`${id}-trigger-${choice.kind}-hint`} className="mt-0.5 text-sm text-ink-muted">
                    {choice.hint}
                  </p>
                </div>
              </div>
              {choice.kind === "missedCheckIn" && values.trigger === "missedCheckIn" ? (
                <>
                  <DaysSelect
                    id={`${id}-grace`}
                    label="Grace period after a missed check-in"
                    value={values.graceDays}
                    choices={legacyPlanRules.graceDays}
                    onChange={(days) => change({ graceDays: days as GraceDays })}
                  />
                  <div className="mt-3 flex items-start gap-2.5 sm:pl-7.5">
                    <input
                      id={`${id}-also-request`}
                      type="checkbox"
                      className="mt-1 size-4.5 shrink-0 accent-accent"
                      checked={values.alsoOnRequest}
                      onChange={(event) => change({ alsoOnRequest: event.currentTarget.checked })}
                    />
                    <label htmlFor={`${id}-also-request`}>Also if a recipient asks and I don't refuse</label>
                  </div>
                  {values.alsoOnRequest ? (
                    <DaysSelect
                      id={`${id}-also-waiting`}
                      label="Time you have to refuse a request"
                      value={values.waitingDays}
                      choices={legacyPlanRules.waitingDays}
                      onChange={(days) => change({ waitingDays: days as WaitingDays })}
                    />
                  ) : null}
                </>
              ) : null}
              {choice.kind === "request" && values.trigger === "request" ? (
                <DaysSelect
                  id={`${id}-waiting`}
                  label="Time you have to refuse a request"
                  value={values.waitingDays}
                  choices={legacyPlanRules.waitingDays}
                  onChange={(days) => change({ waitingDays: days as WaitingDays })}
                />
              ) : null}
            </div>
          ))}
          {values.trigger === "missedCheckIn" ? (
            <p className="text-sm text-ink-muted">
              You check in by signing in, with the "I'm still here" button, or with the link in the reminders
              Heirloom emails you before each deadline. How often is set in contact preferences.
            </p>
          ) : null}
        </fieldset>

        <fieldset aria-describedby={`${id}-trustees-hint${errors.trustees ? ` ${id}-trustees-error` : ""}`}>
          <legend className="text-sm font-medium text-ink">Trustees (optional)</legend>
          <p id={`${id}-trustees-hint`} className="mt-1 text-sm text-ink-muted">
            People who must confirm before anything is released, so a release cannot happen on one signal
            alone.
          </p>
          {trustees.length === 0 ? (
            <p className="mt-2 text-sm text-ink-muted">
              Your legacy contacts can be trustees once you invite them.
            </p>
          ) : (
            <ul className="mt-2 space-y-1.5">
              {trustees.map((t) => (
                <li key={t.id} className="flex items-center gap-2.5">
                  <input
                    id={`${id}-trustee-${t.id}`}
                    type="checkbox"
                    className="size-4.5 accent-accent"
                    checked={values.trusteeIds.includes(t.id)}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      const ids = checked
                        ? [...values.trusteeIds, t.id]
                        : values.trusteeIds.filter((x) => x !== t.id);
                      change({
                        trusteeIds: ids,
                        trusteesRequired: Math.min(
                          Math.max(1, values.trusteesRequired),
                          Math.max(1, ids.length),
                        ),
                      });
                    }}
                  />
                  <label htmlFor={`${id}-trustee-${t.id}`} className="break-words">
                    {t.name}
                  </label>
                </li>
              ))}
            </ul>
          )}
          {values.trusteeIds.length > 0 ? (
            <div className="mt-3">
              <label htmlFor={`${id}-required`} className="block text-sm font-medium">
                How many of them must confirm
              </label>
              <select
                id={`${id}-required`}
                className="field-input mt-1.5 sm:max-w-56"
                value={values.trusteesRequired}
                aria-invalid={errors.trustees ? true : undefined}
                onChange={(event) => change({ trusteesRequired: Number(event.currentTarget.value) })}
              >
                {values.trusteeIds.map((trusteeId, i) => (
                  <option key={trusteeId} value={i + 1}>
                    {i + 1} of {values.trusteeIds.length}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {errors.trustees ? (
            <p id={`${id}-trustees-error`} className="mt-1.5 text-sm font-medium text-danger">
              {errors.trustees}
            </p>
          ) : null}
        </fieldset>

        <fieldset>
          <legend className="text-sm font-medium text-ink">Time limit (optional)</legend>
          <div className="mt-2 flex items-center gap-2.5">
            <input
              id={`${id}-limited`}
              type="checkbox"
              className="size-4.5 accent-accent"
              checked={values.timeLimited}
              onChange={(event) => change({ timeLimited: event.currentTarget.checked })}
            />
            <label htmlFor={`${id}-limited`}>End access some days after a release</label>
          </div>
          {values.timeLimited ? (
            <div className="mt-3 space-y-3">
              <TextField
                id={`${id}-days`}
                label="Days of access"
                inputMode="numeric"
                className="sm:max-w-56"
                hint={`From ${legacyPlanRules.timeLimitDays.min} to ${legacyPlanRules.timeLimitDays.max} days.`}
                value={values.timeLimitDays}
                error={errors.timeLimitDays}
                onChange={(event) => change({ timeLimitDays: event.currentTarget.value })}
              />
              <Notice tone="info">
                After that, recipients can no longer fetch anything of this plan from Heirloom.{" "}
                {NOT_RECALLABLE}
              </Notice>
            </div>
          ) : null}
        </fieldset>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-3">
        {onCancel ? (
          <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}

/** A number of days to choose from a fixed list, under a trigger choice. */
function DaysSelect(props: {
  id: string;
  label: string;
  value: number;
  choices: readonly number[];
  onChange: (days: number) => void;
}) {
  return (
    <div className="mt-3 sm:pl-7.5">
      <label htmlFor={props.id} className="block text-sm font-medium">
        {props.label}
      </label>
      <select
        id={props.id}
        className="field-input mt-1.5 sm:max-w-56"
        value={props.value}
        onChange={(event) => props.onChange(Number(event.currentTarget.value))}
      >
        {props.choices.map((d) => (
          <option key={d} value={d}>
            {plural(d)}
          </option>
        ))}
      </select>
    </div>
  );
}
