import { phoneCodeRules, phoneMessages } from "@heirloom/contract";
import { afterEach, describe, expect, it } from "vitest";
import { createPhoneNumbersRepo } from "../db/repos/phone-numbers.repo.ts";
import { createProfilesRepo } from "../db/repos/profiles.repo.ts";
import { insertTestUser, type TestDatabase, testDatabaseTargets } from "../db/test-databases.ts";
import type { TextMessage } from "../text/text-sender.ts";
import { createPhoneService } from "./phone.service.ts";

const minute = 60_000;

async function setup(open: () => Promise<TestDatabase>) {
  const database = await open();
  const userId = await insertTestUser(database);
  let now = Date.parse("2026-03-01T10:00:00.000Z");
  const sent: TextMessage[] = [];
  const service = createPhoneService({
    repo: createPhoneNumbersRepo(database.db),
    profiles: createProfilesRepo(database.db),
    texts: { kind: "outbox", send: async (m) => void sent.push(m), close: async () => {} },
    secret: "test-secret",
    clock: () => new Date(now),
  });
  const lastCode = () => /\b(\d{6})\b/.exec(sent.at(-1)?.body ?? "")?.[1] ?? "";
  return {
    database,
    userId,
    service,
    sent,
    lastCode,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
  throw new Error("expected a refusal");
};

describe.each(testDatabaseTargets())("phone codes on $name", (target) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
  });

  it("expires a code after 10 minutes", async () => {
    const s = await setup(() => target.open({ migrate: true }));
    database = s.database;
    await s.service.sendCode(s.userId, "+14155550123");
    s.advance(phoneCodeRules.lifetimeMinutes * minute + 1);
    expect(await refusal(s.service.verifyCode(s.userId, s.lastCode()))).toEqual({
      code: "validation_failed",
      message: phoneMessages.codeExpired,
    });
    expect((await s.service.status(s.userId)).pending).toBeNull();
    // A fresh code works.
    await s.service.sendCode(s.userId, "+14155550123");
    expect((await s.service.verifyCode(s.userId, s.lastCode())).phone).toBe("+14155550123");
  });

  it("uses a code up after 5 wrong guesses, even if the right one comes next", async () => {
    const s = await setup(() => target.open({ migrate: true }));
    database = s.database;
    await s.service.sendCode(s.userId, "+14155550123");
    const right = s.lastCode();
    const wrong = right === "999999" ? "888888" : "999999";
    for (let i = 1; i < phoneCodeRules.maxAttempts; i++) {
      expect((await refusal(s.service.verifyCode(s.userId, wrong))).message).toBe(phoneMessages.codeWrong);
    }
    expect(await refusal(s.service.verifyCode(s.userId, wrong))).toEqual({
      code: "rate_limited",
      message: phoneMessages.tooManyAttempts,
    });
    expect((await refusal(s.service.verifyCode(s.userId, right))).message).toBe(
      phoneMessages.tooManyAttempts,
    );
    expect(await s.service.isVerified(s.userId)).toBe(false);
  });

  it("sends at most one code a minute and five an hour", async () => {
    const s = await setup(() => target.open({ migrate: true }));
    database = s.database;
    for (let i = 0; i < phoneCodeRules.maxSendsPerHour; i++) {
      await s.service.sendCode(s.userId, "+14155550123");
      expect((await refusal(s.service.sendCode(s.userId, "+14155550123"))).message).toBe(
        phoneMessages.resendTooSoon,
      );
      s.advance(minute);
    }
    expect(s.sent).toHaveLength(phoneCodeRules.maxSendsPerHour);
    expect(await refusal(s.service.sendCode(s.userId, "+14155550124"))).toEqual({
      code: "rate_limited",
      message: phoneMessages.tooManyCodes,
    });
    // Removing the number does not reset the count.
    await s.service.remove(s.userId);
    expect((await refusal(s.service.sendCode(s.userId, "+14155550124"))).message).toBe(
      phoneMessages.tooManyCodes,
    );
    s.advance(60 * minute);
    await s.service.sendCode(s.userId, "+14155550124");
    expect(s.sent).toHaveLength(phoneCodeRules.maxSendsPerHour + 1);
  });
});
