import { emailSchema, legacyContactRules, legacyMessages } from "@heirloom/contract";
import { z } from "zod";

/** The relationships offered in the invite form; "Other" asks for the person's own words. */
export const relationships = [
  "Spouse or partner",
  "Child",
  "Parent",
  "Sibling",
  "Grandchild",
  "Other family member",
  "Friend",
  "Lawyer or executor",
  "Other",
] as const;

export const otherRelationship = "Other";
const relationshipMaxLength = 60;
const nameMaxLength = 100;

/** What the owner writes about a contact, sealed in the browser before it is sent (the server never reads it). */
export interface ContactDetails {
  name: string;
  relationship: string;
}

/** The invite form as typed. */
export interface InviteValues {
  email: string;
  name: string;
  relationship: string;
  relationshipOther: string;
  note: string;
}

export const inviteDefaults: InviteValues = {
  email: "",
  name: "",
  relationship: "",
  relationshipOther: "",
  note: "",
};

/** The form checked and turned into what the page sends: the address, the details to seal, the note. */
export interface InviteInput {
  email: string;
  details: ContactDetails;
  note: string | undefined;
}

export const inviteMessages = {
  nameMissing: "Enter the name you know them by.",
  nameTooLong: `Please keep the name under ${nameMaxLength} characters.`,
  relationshipMissing: "Choose how you know them.",
  relationshipOtherMissing: "Describe how you know them.",
  relationshipTooLong: `Please keep this under ${relationshipMaxLength} characters.`,
  emailMissing: "Enter their email address.",
} as const;

/** Checks the invite form with the contract's own rules for the address and the note. */
export const inviteSchema = z
  .object({
    email: z.string(),
    name: z.string(),
    relationship: z.string(),
    relationshipOther: z.string(),
    note: z.string(),
  })
  .transform((values, ctx): InviteInput => {
    const issue = (path: keyof InviteValues, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });

    const email = emailSchema.safeParse(values.email);
    if (!values.email.trim()) issue("email", inviteMessages.emailMissing);
    else if (!email.success) issue("email", email.error.issues[0]?.message ?? "");

    const name = values.name.trim();
    if (!name) issue("name", inviteMessages.nameMissing);
    else if (name.length > nameMaxLength) issue("name", inviteMessages.nameTooLong);

    let relationship = values.relationship.trim();
    if (!relationship) issue("relationship", inviteMessages.relationshipMissing);
    else if (relationship === otherRelationship) {
      relationship = values.relationshipOther.trim();
      if (!relationship) issue("relationshipOther", inviteMessages.relationshipOtherMissing);
      else if (relationship.length > relationshipMaxLength)
        issue("relationshipOther", inviteMessages.relationshipTooLong);
    }

    const note = values.note.trim();
    if (note.length > legacyContactRules.noteMaxLength) issue("note", legacyMessages.noteTooLong);

    return { email: email.data ?? "", details: { name, relationship }, note: note || undefined };
  });

/** The opened details, or null when what opened is not the shape this page writes. */
export function parseContactDetails(value: unknown): ContactDetails | null {
  if (typeof value !== "object" || value === null) return null;
  const { name, relationship } = value as Record<string, unknown>;
  return typeof name === "string" && typeof relationship === "string" ? { name, relationship } : null;
}
