import { legacyMessages } from "@heirloom/contract";
import { describe, expect, it } from "vitest";
import {
  type InviteValues,
  inviteDefaults,
  inviteMessages,
  inviteSchema,
  parseContactDetails,
} from "./invite-schema.ts";

const form = (values: Partial<InviteValues>) => inviteSchema.safeParse({ ...inviteDefaults, ...values });
const problems = (values: Partial<InviteValues>) => {
  const result = form(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("the invite form", () => {
  it("sends the address as the server keeps it, the details to seal, and the note when there is one", () => {
    const result = form({
      email: " Ada@Example.com ",
      name: " Ada ",
      relationship: "Friend",
      note: " Hello ",
    });
    expect(result.success && result.data).toEqual({
      email: "ada@example.com",
      details: { name: "Ada", relationship: "Friend" },
      note: "Hello",
    });
    const noNote = form({ email: "ada@example.com", name: "Ada", relationship: "Child", note: "   " });
    expect(noNote.success && noNote.data.note).toBeUndefined();
  });

  it("takes the person's own words for Other", () => {
    const result = form({
      email: "ada@example.com",
      name: "Ada",
      relationship: "Other",
      relationshipOther: "Godmother",
    });
    expect(result.success && result.data.details.relationship).toBe("Godmother");
    expect(problems({ email: "ada@example.com", name: "Ada", relationship: "Other" })).toEqual({
      relationshipOther: inviteMessages.relationshipOtherMissing,
    });
  });

  it("names every field to fix", () => {
    expect(problems({})).toEqual({
      email: inviteMessages.emailMissing,
      name: inviteMessages.nameMissing,
      relationship: inviteMessages.relationshipMissing,
    });
    expect(
      problems({
        email: "not an address",
        name: "x".repeat(101),
        relationship: "Friend",
        note: "n".repeat(501),
      }),
    ).toEqual({
      email: "The email address is not valid.",
      name: inviteMessages.nameTooLong,
      note: legacyMessages.noteTooLong,
    });
  });

  it("accepts a note of exactly 500 characters", () => {
    expect(
      problems({ email: "ada@example.com", name: "Ada", relationship: "Friend", note: "n".repeat(500) }),
    ).toEqual({});
  });
});

describe("opened details", () => {
  it("are read only in the shape the page writes", () => {
    expect(parseContactDetails({ name: "Ada", relationship: "Friend", extra: 1 })).toEqual({
      name: "Ada",
      relationship: "Friend",
    });
    expect(parseContactDetails({ name: "Ada" })).toBeNull();
    expect(parseContactDetails(null)).toBeNull();
    expect(parseContactDetails("Ada")).toBeNull();
  });
});
