/** The activity log's actions in words (the actions the web and server log; anything else is read from its name). */
const words: Record<string, string> = {
  login: "Signed in",
  logout: "Signed out",
  "password-change": "Changed the password",
  recovery: "Recovered the account with the recovery key",
  "two-factor-enable": "Turned on two-step sign-in",
  "two-factor-disable": "Turned off two-step sign-in",
  "email-verified": "Verified the email address",
};

export function activityInWords(action: string): string {
  const known = words[action];
  if (known) return known;
  const spaced = action.replace(/[-_]+/g, " ").trim();
  return spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : "Something happened";
}

/** A stored ISO time in the reader's own locale and time zone. */
export function localTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date);
}
