import { describe, expect, it } from "vitest";
import { activityInWords } from "./activity-words.ts";
import { checkInChoiceOf, checkInLabel } from "./check-in.ts";

describe("activity in words", () => {
  it("says what happened in plain words", () => {
    expect(activityInWords("login")).toBe("Signed in");
    expect(activityInWords("password-change")).toBe("Changed the password");
    expect(activityInWords("logout")).toBe("Signed out");
    expect(activityInWords("document-upload")).toBe("Uploaded a document");
    expect(activityInWords("document_upload")).toBe("Document upload");
    expect(activityInWords("")).toBe("Something happened");
  });
});

describe("check-in choices", () => {
  it("reads the spec's default '11' as the standard 60-day check", () => {
    expect(checkInLabel("11")).toBe("Every 60 days");
    expect(checkInLabel("90")).toBe("Every 90 days");
    expect(checkInChoiceOf("7")).toBe("11");
    expect(checkInChoiceOf("30")).toBe("30");
  });
});
