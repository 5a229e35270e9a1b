import { errorBodySchema } from "@heirloom/contract";
import { describe, expect, it } from "vitest";
import { AppError, toErrorResponse } from "./errors.ts";

describe("toErrorResponse", () => {
  it("passes an AppError's code, message and fields through with the code's status", () => {
    const { status, body, internal } = toErrorResponse(
      new AppError("validation_failed", "Please correct the highlighted fields.", { email: "Bad email." }),
      "req-1",
    );
    expect(status).toBe(400);
    expect(internal).toBe(false);
    expect(body).toEqual({
      error: {
        code: "validation_failed",
        message: "Please correct the highlighted fields.",
        requestId: "req-1",
        fields: { email: "Bad email." },
      },
    });
  });

  it.each([
    ["forbidden", 403],
    ["not_found", 404],
    ["rate_limited", 429],
    ["unavailable", 503],
  ] as const)("maps %s to %i", (code, status) => {
    expect(toErrorResponse(new AppError(code, "x"), "r").status).toBe(status);
  });

  it("never leaks an unexpected error's message or stack", () => {
    const secret = new Error("connection to postgres://admin:hunter2@db failed");
    const { status, body, internal } = toErrorResponse(secret, "req-2");
    expect(status).toBe(500);
    expect(internal).toBe(true);
    expect(JSON.stringify(body)).not.toContain("hunter2");
    expect(body.error.message).toBe("Something went wrong on our side. Please try again.");
    expect(errorBodySchema.parse(body)).toEqual(body);
  });

  it("keeps the status of framework errors a client caused", () => {
    expect(toErrorResponse(Object.assign(new Error("too big"), { statusCode: 413 }), "r").status).toBe(413);
    expect(
      toErrorResponse(Object.assign(new Error("bad json"), { statusCode: 400 }), "r").body.error.code,
    ).toBe("validation_failed");
  });
});
