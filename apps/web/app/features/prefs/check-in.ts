/**
 * activityCheck (SPEC section 3, default '11') is how often Heirloom asks the owner to check in: the interval of the
 * missed check-in trigger of the legacy plan (ARCHITECTURE.md "Legacy model"; the seed's 60-day check). ADR 031: the
 * stored values are codes; '11', the spec's default, is the standard 60-day check so existing profiles keep it.
 */
export const checkInChoices = [
  { value: "30", label: "Every 30 days", hint: "For plans that should act quickly." },
  { value: "11", label: "Every 60 days", hint: "The standard check-in." },
  { value: "90", label: "Every 90 days", hint: "Fewer reminders." },
  { value: "180", label: "Every 180 days", hint: "Twice a year." },
] as const;

export function checkInLabel(value: string): string {
  return checkInChoices.find((choice) => choice.value === value)?.label ?? "Every 60 days";
}

/** A stored value outside the choices (an older code) shows as the standard check-in until the person picks one. */
export function checkInChoiceOf(value: string): string {
  return checkInChoices.some((choice) => choice.value === value) ? value : "11";
}
