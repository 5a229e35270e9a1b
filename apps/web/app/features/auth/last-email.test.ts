import { describe, expect, it } from "vitest";
import { memoryStorage } from "#app/features/session/testing/memory-storage.ts";
import { lastEmailKey, rememberEmail, rememberedEmail } from "./last-email.ts";

describe("the login form's remembered email", () => {
  it("keeps the last email, trimmed, and nothing else", () => {
    const storage = memoryStorage();
    expect(rememberedEmail(storage)).toBe("");
    rememberEmail(storage, " ada@example.com ");
    expect(rememberedEmail(storage)).toBe("ada@example.com");
    expect(storage.getItem(lastEmailKey)).toBe("ada@example.com");
  });

  it("gives an empty form when storage refuses", () => {
    const refusing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    rememberEmail(refusing, "ada@example.com");
    expect(rememberedEmail(refusing)).toBe("");
  });
});
