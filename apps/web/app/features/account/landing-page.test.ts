import { describe, expect, it } from "vitest";
import { pathAfterSignIn } from "./landing-page.ts";

describe("where a sign-in lands", () => {
  const landing = async () => "/app/Passwords";
  it("returns to the page that asked for the sign-in", async () => {
    expect(await pathAfterSignIn("/app/MyInfo?tab=1", landing)).toBe("/app/MyInfo?tab=1");
  });
  it("opens the chosen landing page when there is no page to return to", async () => {
    expect(await pathAfterSignIn(null, landing)).toBe("/app/Passwords");
    expect(await pathAfterSignIn("idle", landing)).toBe("/app/Passwords");
    expect(await pathAfterSignIn("//evil.example/", landing)).toBe("/app/Passwords");
  });
  it("falls back to /app when the settings cannot be read", async () => {
    expect(
      await pathAfterSignIn(null, async () => {
        throw new Error("offline");
      }),
    ).toBe("/app");
  });
});
