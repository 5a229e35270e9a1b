// One formatter, made once: toLocaleDateString builds a new one on every call, which a sweep of thousands notices.
const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

const dayMs = 24 * 60 * 60 * 1000;
/** Days already stated, by day number: a sweep's reminders share a few deadlines, and formatting costs 2 µs each. */
const stated = new Map<number, string>();

/** A day as mail and notifications state it: "11 March 2027" (UTC). */
export function formatDay(at: Date): string {
  const day = Math.floor(at.getTime() / dayMs);
  let text = stated.get(day);
  if (text === undefined) {
    text = dayFormat.format(at);
    if (stated.size >= 1_000) stated.clear();
    stated.set(day, text);
  }
  return text;
}
