import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { type PhoneStatus, phoneCodeRules, phoneMessages } from "@heirloom/contract";
import type { PhoneNumbersRepo } from "../db/repos/phone-numbers.repo.ts";
import type { ProfilesRepo } from "../db/repos/profiles.repo.ts";
import { AppError } from "../errors.ts";
import type { TextSender } from "../text/text-sender.ts";
import type { Clock } from "./clock.ts";

export interface PhoneServiceDeps {
  repo: PhoneNumbersRepo;
  profiles: ProfilesRepo;
  texts: TextSender;
  /** The server secret: codes are kept only as an HMAC under it. */
  secret: string;
  clock: Clock;
  /** Called once a number is verified (notifications). */
  onVerified?: (userId: string, phone: string) => Promise<void>;
}

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;

/** A mobile number for texts, proven by a 6-digit code sent to it (contact preferences). */
export function createPhoneService(deps: PhoneServiceDeps) {
  const { repo, clock } = deps;

  const hashCode = (userId: string, phone: string, code: string) =>
    createHmac("sha256", deps.secret).update(`heirloom/phone-code/v1|${userId}|${phone}|${code}`).digest();

  async function status(userId: string): Promise<PhoneStatus> {
    const record = await repo.find(userId);
    const now = clock().getTime();
    const pendingValid =
      record?.pendingPhone && record.codeExpiresAt && Date.parse(record.codeExpiresAt) > now;
    return {
      phone: record?.phone ?? null,
      pending:
        pendingValid && record.pendingPhone && record.codeExpiresAt
          ? { phone: record.pendingPhone, expiresAt: record.codeExpiresAt }
          : null,
    };
  }

  return {
    status,

    async isVerified(userId: string): Promise<boolean> {
      return Boolean((await repo.find(userId))?.phone);
    },

    /** The verified number texts go to, or null. */
    async verifiedNumber(userId: string): Promise<string | null> {
      return (await repo.find(userId))?.phone ?? null;
    },

    /** Texts a fresh code to `phone`: at most one a minute and five an hour per account. */
    async sendCode(userId: string, phone: string): Promise<PhoneStatus> {
      const now = clock();
      const record = await repo.find(userId);
      if (
        record?.lastSentAt &&
        now.getTime() - Date.parse(record.lastSentAt) < phoneCodeRules.resendAfterSeconds * 1000
      ) {
        throw new AppError("rate_limited", phoneMessages.resendTooSoon);
      }
      const windowOpen =
        record?.sendsWindowStart && now.getTime() - Date.parse(record.sendsWindowStart) < hourMs;
      const sendsInWindow = windowOpen ? record.sendsInWindow : 0;
      if (sendsInWindow >= phoneCodeRules.maxSendsPerHour) {
        throw new AppError("rate_limited", phoneMessages.tooManyCodes);
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      await repo.saveCode(
        userId,
        {
          pendingPhone: phone,
          codeHash: hashCode(userId, phone, code).toString("base64url"),
          expiresAt: new Date(now.getTime() + phoneCodeRules.lifetimeMinutes * minuteMs),
          sendsWindowStart:
            windowOpen && record?.sendsWindowStart ? record.sendsWindowStart : now.toISOString(),
          sendsInWindow: sendsInWindow + 1,
        },
        now,
      );
      await deps.texts.send({
        to: phone,
        body: `Your Heirloom code is ${code}. It expires in ${phoneCodeRules.lifetimeMinutes} minutes. If you did not ask for it, ignore this message.`,
      });
      return status(userId);
    },

    /** Checks a code: five wrong guesses use the code up; a right one makes its number the verified one. */
    async verifyCode(userId: string, code: string): Promise<PhoneStatus> {
      const now = clock();
      const record = await repo.find(userId);
      if (!record?.pendingPhone || !record.codeHash || !record.codeExpiresAt) {
        throw new AppError("validation_failed", phoneMessages.noPendingCode, {
          code: phoneMessages.noPendingCode,
        });
      }
      if (record.codeAttempts >= phoneCodeRules.maxAttempts) {
        throw new AppError("rate_limited", phoneMessages.tooManyAttempts);
      }
      if (Date.parse(record.codeExpiresAt) <= now.getTime()) {
        throw new AppError("validation_failed", phoneMessages.codeExpired, {
          code: phoneMessages.codeExpired,
        });
      }
      const expected = Buffer.from(record.codeHash, "base64url");
      const given = hashCode(userId, record.pendingPhone, code);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        const attempts = await repo.countAttempt(userId, now);
        if (attempts >= phoneCodeRules.maxAttempts) {
          throw new AppError("rate_limited", phoneMessages.tooManyAttempts);
        }
        throw new AppError("validation_failed", phoneMessages.codeWrong, { code: phoneMessages.codeWrong });
      }
      await repo.confirm(userId, record.pendingPhone, now);
      await deps.onVerified?.(userId, record.pendingPhone);
      return status(userId);
    },

    /** Forgets the number; texts stop (textToggle off). */
    async remove(userId: string): Promise<PhoneStatus> {
      const now = clock();
      await repo.clear(userId, now);
      await deps.profiles.update(userId, { textToggle: false }, now);
      return status(userId);
    },
  };
}

export type PhoneService = ReturnType<typeof createPhoneService>;
