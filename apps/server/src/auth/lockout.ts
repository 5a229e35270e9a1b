import { createHmac } from "node:crypto";
import type { AuthAttemptsRepo } from "../db/repos/auth-attempts.repo.ts";
import type { Clock } from "../services/clock.ts";

/** [ADR 023] Five failed sign-ins for one email within 15 minutes lock that email's sign-in until they age out. */
export const lockoutPolicy = { maxFailures: 5, windowMs: 15 * 60 * 1000 } as const;

/** A keyed hash of a normalised email: lockout rows never hold an address. */
export function createEmailHasher(secret: string): (email: string) => string {
  return (email) =>
    createHmac("sha256", secret).update(`heirloom/attempts/v1:${email.trim().toLowerCase()}`).digest("hex");
}

export interface Lockout {
  isLocked(email: string): Promise<boolean>;
  recordFailure(email: string): Promise<void>;
  clear(email: string): Promise<void>;
}

export function createLockout(deps: {
  repo: AuthAttemptsRepo;
  hashEmail: (email: string) => string;
  clock: Clock;
  kind: "sign-in" | "recovery";
}): Lockout {
  const { repo, hashEmail, clock, kind } = deps;
  return {
    async isLocked(email) {
      const since = new Date(clock().getTime() - lockoutPolicy.windowMs);
      return (await repo.countSince(kind, hashEmail(email), since)) >= lockoutPolicy.maxFailures;
    },
    async recordFailure(email) {
      await repo.record(kind, hashEmail(email), clock());
    },
    async clear(email) {
      await repo.clear(kind, hashEmail(email));
    },
  };
}
