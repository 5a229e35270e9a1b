import { accountMessages, emailChangeMessages } from "@heirloom/contract";
import { describe, expect, it } from "vitest";
import { ReauthInputError } from "#app/features/auth/reauth.ts";
import { ApiError } from "#app/lib/api.ts";
import { describeEmailChangeError } from "./change-email.ts";

describe("what an email change's failure tells the person", () => {
  it("points at the field to fix", () => {
    const same = new ApiError({
      status: 400,
      code: "validation_failed",
      message: emailChangeMessages.sameEmail,
      fields: { newEmail: emailChangeMessages.sameEmail },
    });
    expect(describeEmailChangeError(same)).toEqual({
      message: emailChangeMessages.sameEmail,
      field: "newEmail",
    });
    const wrong = new ApiError({
      status: 403,
      code: "forbidden",
      message: accountMessages.incorrectPassword,
    });
    expect(describeEmailChangeError(wrong)).toEqual({
      message: accountMessages.incorrectPassword,
      field: "password",
    });
    expect(
      describeEmailChangeError(new ReauthInputError("password", "Enter your current password.")),
    ).toEqual({
      message: "Enter your current password.",
      field: "password",
    });
  });

  it("says so plainly when nobody could fix it by typing, and marks it for the error log", () => {
    const problem = describeEmailChangeError(
      new ApiError({ status: 500, code: "internal", message: "boom" }),
    );
    expect(problem.field).toBeUndefined();
    expect(problem.unknown).toBe(true);
    expect(problem.message).not.toContain("boom");
  });
});
