import type { SessionUser } from "@heirloom/contract";

/** One step of the /getStarted checklist; each is read from server state so progress survives a new browser. */
export interface ChecklistItem {
  id: "verify-email" | "add-info" | "first-document" | "two-factor" | "recovery-kit" | "legacy-contact";
  title: string;
  body: string;
  /** done: the server says so; todo: a link to do it; soon: a later release delivers the page. */
  state: "done" | "todo" | "soon";
  action?: { label: string; to: string };
}

export interface ChecklistFacts {
  user: Pick<SessionUser, "emailVerified" | "twoFactorEnabled">;
  /** A date of birth or a zip code is saved. */
  hasPersonalInfo: boolean;
  /** Documents stored (GET /api/storage/usage); null when the count could not be read. */
  documents: number | null;
  recoveryKitSavedAt: string | null;
  /** Legacy contacts invited, accepted or confirmed; null when the count could not be read. */
  legacyContacts: number | null;
  /** Whether this build has a page to upload documents yet. */
  canUploadDocuments: boolean;
}

export function checklistItems(facts: ChecklistFacts): ChecklistItem[] {
  const step = (
    id: ChecklistItem["id"],
    title: string,
    body: string,
    done: boolean,
    action: ChecklistItem["action"] | null,
  ): ChecklistItem =>
    done
      ? { id, title, body, state: "done" }
      : action
        ? { id, title, body, state: "todo", action }
        : { id, title, body, state: "soon" };
  return [
    step(
      "verify-email",
      "Verify your email address",
      "So reminders and your legacy contacts' messages reach you.",
      facts.user.emailVerified,
      { label: "Resend the link", to: "/ConfirmEmail" },
    ),
    step(
      "add-info",
      "Add your details",
      "Your date of birth and postcode help your family's requests be matched to you.",
      facts.hasPersonalInfo,
      { label: "Add your details", to: "/account/MyInfo" },
    ),
    step(
      "first-document",
      "Upload a first document",
      "Start with what your family would struggle most to find: where your will is, pensions, insurance.",
      (facts.documents ?? 0) > 0,
      facts.canUploadDocuments ? { label: "Add a document", to: "/app/MyData" } : null,
    ),
    step(
      "two-factor",
      "Turn on two-factor sign-in",
      "A code from your phone as well as your password, so a stolen password is not enough.",
      facts.user.twoFactorEnabled,
      { label: "Turn it on", to: "/mfa/setup" },
    ),
    step(
      "recovery-kit",
      "Save your recovery kit",
      "The only way back into your vault if you forget your password.",
      facts.recoveryKitSavedAt !== null,
      { label: "Print a new kit", to: "/account/securitysettings#recovery-kit" },
    ),
    step(
      "legacy-contact",
      "Name a legacy contact",
      "The person who should receive your documents when you no longer can.",
      (facts.legacyContacts ?? 0) > 0,
      { label: "Invite someone", to: "/account/legacyinvitations" },
    ),
  ];
}
