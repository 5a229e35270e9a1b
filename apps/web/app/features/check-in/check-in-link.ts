// [Note: The check-in token never sits in a URL the browser sends]
// Reminder mail links to /check-in#token=..., request mail to /check-in#refuse=...: a fragment never reaches a server,
// a log or a Referer. The page reads it once, takes it out of the address bar, and sends it only in a POST body, and
// only when the person presses the button: a mail scanner that opens links must not check a person in (that would
// hold back a release they meant to happen) or refuse a request for them.

export type CheckInLink = { purpose: "checkIn" | "refuse"; token: string };

/** The link's purpose and token from `#token=...` or `#refuse=...`, or null when there is none usable. */
export function readCheckInLink(hash: string): CheckInLink | null {
  const params = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash);
  const checkIn = params.get("token");
  const refuse = params.get("refuse");
  const token = checkIn ?? refuse;
  if (!token || !/^[A-Za-z0-9_-]{40,800}$/.test(token)) return null;
  return { purpose: checkIn ? "checkIn" : "refuse", token };
}
