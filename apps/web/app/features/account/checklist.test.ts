import { describe, expect, it } from "vitest";
import { type ChecklistFacts, checklistItems } from "./checklist.ts";

const fresh: ChecklistFacts = {
  user: { emailVerified: false, twoFactorEnabled: false },
  hasPersonalInfo: false,
  documents: 0,
  recoveryKitSavedAt: null,
  legacyContacts: null,
  canUploadDocuments: true,
};
const states = (facts: ChecklistFacts) =>
  Object.fromEntries(checklistItems(facts).map((i) => [i.id, i.state]));

describe("the get-started checklist", () => {
  it("has every step to do for a new account, inviting a legacy contact included", () => {
    expect(states(fresh)).toEqual({
      "verify-email": "todo",
      "add-info": "todo",
      "first-document": "todo",
      "two-factor": "todo",
      "recovery-kit": "todo",
      "legacy-contact": "todo",
    });
  });

  it("ticks each step from the server's state", () => {
    expect(
      states({
        ...fresh,
        user: { emailVerified: true, twoFactorEnabled: true },
        hasPersonalInfo: true,
        documents: 2,
        recoveryKitSavedAt: "2026-11-23T10:00:00.000Z",
        legacyContacts: 1,
      }),
    ).toEqual({
      "verify-email": "done",
      "add-info": "done",
      "first-document": "done",
      "two-factor": "done",
      "recovery-kit": "done",
      "legacy-contact": "done",
    });
  });

  it("shows a step as coming soon when its page is not there yet, unless its data already exists", () => {
    expect(states({ ...fresh, canUploadDocuments: false })["first-document"]).toBe("soon");
    expect(states({ ...fresh, canUploadDocuments: false, documents: 1 })["first-document"]).toBe("done");
  });

  it("links each open step to where it is done", () => {
    const links = Object.fromEntries(checklistItems(fresh).map((i) => [i.id, i.action?.to]));
    expect(links).toMatchObject({
      "add-info": "/account/MyInfo",
      "two-factor": "/mfa/setup",
      "recovery-kit": "/account/securitysettings#recovery-kit",
      "legacy-contact": "/account/legacyinvitations",
    });
  });
});
