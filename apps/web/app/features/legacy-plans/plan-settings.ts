import { type LegacyPlanSettings, type LegacyTrigger, legacyPlanRules } from "@heirloom/contract";
import { PLAN_NAME_MAX_LENGTH } from "./plan-details.ts";

// The plan form's values, their checks, and how a trigger is said in words. Pure, so the page and its tests agree.

export type TriggerKind = LegacyTrigger["kind"];
export type GraceDays = (typeof legacyPlanRules.graceDays)[number];
export type WaitingDays = (typeof legacyPlanRules.waitingDays)[number];

export interface PlanFormValues {
  name: string;
  trigger: TriggerKind;
  graceDays: GraceDays;
  waitingDays: WaitingDays;
  /** On a missed check-in plan: a recipient may also ask, with `waitingDays` to refuse. */
  alsoOnRequest: boolean;
  trusteeIds: string[];
  trusteesRequired: number;
  timeLimited: boolean;
  /** As typed. */
  timeLimitDays: string;
}

export type PlanFormField = "name" | "trustees" | "timeLimitDays";
export type PlanFormErrors = Partial<Record<PlanFormField, string>>;

export const emptyPlanForm = (): PlanFormValues => ({
  name: "",
  trigger: "shareNow",
  graceDays: 14,
  waitingDays: 7,
  alsoOnRequest: false,
  trusteeIds: [],
  trusteesRequired: 1,
  timeLimited: false,
  timeLimitDays: "30",
});

/** The form as it stands for a saved plan. */
export function planFormFrom(name: string, settings: LegacyPlanSettings): PlanFormValues {
  const trigger = settings.trigger;
  return {
    name,
    trigger: trigger.kind,
    graceDays: trigger.kind === "missedCheckIn" ? trigger.graceDays : 14,
    waitingDays:
      trigger.kind === "request"
        ? trigger.waitingDays
        : trigger.kind === "missedCheckIn"
          ? (trigger.requestWaitingDays ?? 7)
          : 7,
    alsoOnRequest: trigger.kind === "missedCheckIn" && trigger.requestWaitingDays !== undefined,
    trusteeIds: settings.trustees ? [...settings.trustees.contactIds] : [],
    trusteesRequired: settings.trustees?.required ?? 1,
    timeLimited: settings.timeLimitDays !== null,
    timeLimitDays: String(settings.timeLimitDays ?? 30),
  };
}

export type PlanFormResult =
  | { ok: true; name: string; settings: LegacyPlanSettings }
  | { ok: false; errors: PlanFormErrors };

/** Checks the form and builds what is sent (the name is sealed separately). */
export function validatePlanForm(values: PlanFormValues): PlanFormResult {
  const errors: PlanFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = "Give the plan a name, for example: For my children.";
  else if (name.length > PLAN_NAME_MAX_LENGTH)
    errors.name = `Use at most ${PLAN_NAME_MAX_LENGTH} characters.`;
  const trusteeIds = [...new Set(values.trusteeIds)];
  if (trusteeIds.length > 0 && (values.trusteesRequired < 1 || values.trusteesRequired > trusteeIds.length)) {
    errors.trustees = `Choose how many of your ${trusteeIds.length} trustees must confirm: from 1 to ${trusteeIds.length}.`;
  }
  let timeLimitDays: number | null = null;
  if (values.timeLimited) {
    const { min, max } = legacyPlanRules.timeLimitDays;
    const days = Number(values.timeLimitDays.trim());
    if (!/^\d+$/.test(values.timeLimitDays.trim()) || days < min || days > max) {
      errors.timeLimitDays = `Enter a number of days from ${min} to ${max}.`;
    } else timeLimitDays = days;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const trigger: LegacyTrigger =
    values.trigger === "missedCheckIn"
      ? {
          kind: "missedCheckIn",
          graceDays: values.graceDays,
          ...(values.alsoOnRequest ? { requestWaitingDays: values.waitingDays } : {}),
        }
      : values.trigger === "request"
        ? { kind: "request", waitingDays: values.waitingDays }
        : { kind: "shareNow" };
  return {
    ok: true,
    name,
    settings: {
      trigger,
      trustees: trusteeIds.length > 0 ? { contactIds: trusteeIds, required: values.trusteesRequired } : null,
      timeLimitDays,
    },
  };
}

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

export const NOT_RECALLABLE = "Copies already downloaded cannot be recalled.";

/** The trigger in a few words, for a heading or a badge. */
export function triggerLabel(trigger: LegacyTrigger): string {
  switch (trigger.kind) {
    case "shareNow":
      return "Share now";
    case "missedCheckIn":
      return trigger.requestWaitingDays ? "If I stop checking in, or on request" : "If I stop checking in";
    case "request":
      return "If a recipient asks and I don't refuse";
  }
}

/** The trigger as a sentence: when the recipients would receive what the plan holds. */
export function triggerSentence(trigger: LegacyTrigger): string {
  switch (trigger.kind) {
    case "shareNow":
      return "now: they can open it as soon as it is prepared for them";
    case "missedCheckIn":
      return `if you stop checking in, after a grace period of ${days(trigger.graceDays)}${
        trigger.requestWaitingDays
          ? `, or if they ask for it and you don't refuse within ${days(trigger.requestWaitingDays)}`
          : ""
      }`;
    case "request":
      return `if they ask for it and you don't refuse within ${days(trigger.waitingDays)}`;
  }
}

/** What a recipient card says before the list of what they receive. */
export function receiveLead(trigger: LegacyTrigger, confirmed: boolean): string {
  if (!confirmed) {
    return trigger.kind === "shareNow"
      ? "Once you confirm them, they would receive, as soon as it is prepared for them"
      : `Once you confirm them, they would receive ${triggerSentence(trigger)}`;
  }
  return `${trigger.kind === "shareNow" ? "They receive" : "They would receive"} ${triggerSentence(trigger)}`;
}

/** The rest of the settings in words: trustees and time limit. */
export function settingsSentences(
  settings: LegacyPlanSettings,
  trusteeName: (id: string) => string,
): string[] {
  const sentences: string[] = [];
  if (settings.trustees) {
    const names = settings.trustees.contactIds.map(trusteeName).join(", ");
    sentences.push(
      `${settings.trustees.required} of ${settings.trustees.contactIds.length} trustees (${names}) must confirm before anything is released.`,
    );
  }
  if (settings.timeLimitDays !== null) {
    sentences.push(`Access ends ${days(settings.timeLimitDays)} after a release. ${NOT_RECALLABLE}`);
  }
  return sentences;
}
