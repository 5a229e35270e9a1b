import { socialProvidersResponseSchema } from "@heirloom/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "../testing/app-harness.ts";

// The login and sign-up pages show one button per configured provider and none for the others.

describe("GET /api/account/social-providers", () => {
  let none: TestApp;
  let some: TestApp;
  beforeAll(async () => {
    none = await startTestApp("sqlite");
    some = await startTestApp("sqlite", {
      // Given in the reverse of the display order: the answer is always google, apple, microsoft, github.
      SOCIAL_GITHUB_CLIENT_ID: "gh-client",
      SOCIAL_GITHUB_CLIENT_SECRET: "gh-secret",
      SOCIAL_GOOGLE_CLIENT_ID: "google-client",
      SOCIAL_GOOGLE_CLIENT_SECRET: "google-secret",
    });
  });
  afterAll(async () => {
    await none?.close();
    await some?.close();
  });

  it("lists no provider when none is configured", async () => {
    const res = await new Client(none.app).get("/api/account/social-providers");
    expect(res.statusCode).toBe(200);
    expect(socialProvidersResponseSchema.parse(res.json())).toEqual({ providers: [] });
  });

  it("lists exactly the configured providers, to visitors without a session", async () => {
    const res = await new Client(some.app).get("/api/account/social-providers");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ providers: ["google", "github"] });
  });
});
