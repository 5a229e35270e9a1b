// One formatter, made once: toLocaleDateString builds a new one on every call, which a sweep of thousands notices.
const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A day as mail and notifications state it: "11 March 2027" (UTC). */
export const formatDay = (at: Date) => dayFormat.format(at);
