import type { ActivityAction } from "@heirloom/contract";

/** The activity log's actions in words (the server's and the page's; anything older is read from its name). */
const words: Record<ActivityAction, string> = {
  login: "Signed in",
  logout: "Signed out",
  "new-device": "Signed in from a new device",
  "password-change": "Changed the password",
  "email-change": "Changed the email address",
  "email-verified": "Verified the email address",
  recovery: "Recovered the account with the recovery key",
  "two-factor-enable": "Turned on two-step sign-in",
  "two-factor-disable": "Turned off two-step sign-in",
  export: "Downloaded a copy of your account data",
  "document-upload": "Uploaded a document",
  "document-delete": "Deleted a document",
  "document-view": "Opened a document",
  "document-download": "Downloaded a document",
  "legacy-invite": "Invited a legacy contact",
  "legacy-contact-accepted": "A legacy contact accepted your invitation",
  "legacy-contact-declined": "Someone declined your legacy invitation",
  "legacy-contact-confirmed": "Confirmed a legacy contact",
  "legacy-contact-removed": "Removed a legacy contact",
  "legacy-contact-left": "A legacy contact ended their role",
  "legacy-contact-key-changed": "A legacy contact's key changed",
  "legacy-invitation-accepted": "Accepted a legacy invitation",
  "legacy-role-left": "Ended your role as someone's legacy contact",
  "legacy-plan-released": "Shared a plan with a recipient",
  "legacy-plan-shared-with-me": "Someone shared documents with you",
  "legacy-drill-sent": "Sent a legacy drill",
  "legacy-drill-received": "Received a legacy drill",
};

export function activityInWords(action: string): string {
  const known = (words as Record<string, string>)[action];
  if (known) return known;
  const spaced = action.replace(/[-_]+/g, " ").trim();
  return spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : "Something happened";
}
