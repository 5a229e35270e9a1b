/** The IANA time zones this browser knows (Intl.supportedValuesOf), or a short list where it cannot say. */
export function timeZoneNames(): string[] {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return ["UTC", "Europe/London", "Europe/Paris", "America/New_York", "America/Los_Angeles", "Asia/Tokyo"];
  }
}

/** This device's own time zone, e.g. "Europe/Paris". */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** A date and time as the person reads it: their chosen zone, or this device's when they chose none. */
export function formatDateTime(iso: string, timeZone: string | null): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat("en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}
