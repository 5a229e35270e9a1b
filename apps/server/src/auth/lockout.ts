import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { AttemptKind, AuthAttemptsRepo } from "../db/repos/auth-attempts.repo.ts";
import type { Clock } from "../services/clock.ts";

/**
 * [ADR 035] Five failures within 15 minutes throttle a subject (an email's sign-in from unknown browsers, one known
 * browser's sign-in, an email's recovery) until the oldest failure ages out.
 */
export const lockoutPolicy = { maxFailures: 5, windowMs: 15 * 60 * 1000 } as const;

/** A keyed hash of a normalised email: lockout rows never hold an address. */
export function createEmailHasher(secret: string): (email: string) => string {
  return (email) =>
    createHmac("sha256", secret).update(`heirloom/attempts/v1:${email.trim().toLowerCase()}`).digest("hex");
}

/** Not throttled, or throttled until `retryAfterSeconds` from now. */
export type LockState = { locked: false } | { locked: true; retryAfterSeconds: number };

export interface Lockout {
  state(subject: string): Promise<LockState>;
  recordFailure(subject: string): Promise<void>;
  clear(subject: string): Promise<void>;
}

/**
 * Counts failures of one kind per subject. The subject is hashed with `hashSubject` before it is stored (an email, or
 * a device's nonce bound to the email it signed in to).
 */
export function createLockout(deps: {
  repo: AuthAttemptsRepo;
  hashSubject: (subject: string) => string;
  clock: Clock;
  kind: AttemptKind;
}): Lockout {
  const { repo, hashSubject, clock, kind } = deps;
  return {
    async state(subject) {
      const now = clock().getTime();
      const recent = await repo.recentSince(
        kind,
        hashSubject(subject),
        new Date(now - lockoutPolicy.windowMs),
      );
      if (recent.length < lockoutPolicy.maxFailures) return { locked: false };
      // The moment enough failures have aged out that one more attempt is allowed.
      const freeing = recent[recent.length - lockoutPolicy.maxFailures] as Date;
      const retryAfterMs = freeing.getTime() + lockoutPolicy.windowMs - now;
      return { locked: true, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    },
    async recordFailure(subject) {
      await repo.record(kind, hashSubject(subject), clock());
    },
    async clear(subject) {
      await repo.clear(kind, hashSubject(subject));
    },
  };
}

/**
 * [Note: Device cookies let the owner through a lock an attacker set off] (OWASP's "device cookies"). A browser that
 * has signed in to an account gets a cookie naming it: a random nonce and an HMAC binding the nonce to the account's
 * email hash. Sign-in attempts that carry a valid entry for the email are counted per device, not per account, so an
 * attacker guessing from elsewhere throttles only unknown browsers; the owner's own browser still signs in. A known
 * browser that fails five times is throttled itself. A browser keeps entries for its last few accounts.
 */
export const deviceCookie = {
  name: "heirloom.device",
  maxAgeSeconds: 365 * 24 * 60 * 60,
  maxEntries: 5,
} as const;

export interface DeviceCookies {
  /** The nonce of the cookie's entry for this email, when the cookie holds a valid one. */
  nonceFor(cookieValue: string | null | undefined, email: string): string | undefined;
  /** The cookie value after a sign-in to `email`: its entry first (kept or new), then the browser's other accounts. */
  afterSignIn(cookieValue: string | null | undefined, email: string): string;
  /** The lockout subject of a known browser: a keyed hash of its nonce and the account (no email hash is stored). */
  subject(nonce: string, email: string): string;
}

export function createDeviceCookies(secret: string, hashEmail: (email: string) => string): DeviceCookies {
  const sign = (nonce: string, email: string) =>
    createHmac("sha256", secret)
      .update(`heirloom/device/v1:${hashEmail(email)}:${nonce}`)
      .digest()
      .subarray(0, 16)
      .toString("base64url");
  const entries = (value: string | null | undefined) =>
    (value ?? "")
      .split("~")
      .map((entry) => entry.split("."))
      .filter((parts): parts is [string, string] => parts.length === 2 && /^[\w-]{22}$/.test(parts[0] ?? ""));
  const validFor = (email: string) => {
    return ([nonce, signature]: [string, string]) => {
      const expected = Buffer.from(sign(nonce, email));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    };
  };
  return {
    nonceFor(value, email) {
      return entries(value).find(validFor(email))?.[0];
    },
    afterSignIn(value, email) {
      const all = entries(value);
      const mine = all.find(validFor(email));
      const nonce = mine?.[0] ?? randomBytes(16).toString("base64url");
      const others = all.filter((entry) => entry !== mine).slice(0, deviceCookie.maxEntries - 1);
      return [`${nonce}.${sign(nonce, email)}`, ...others.map((entry) => entry.join("."))].join("~");
    },
    subject(nonce, email) {
      return createHmac("sha256", secret)
        .update(`heirloom/device-attempts/v1:${hashEmail(email)}:${nonce}`)
        .digest("hex");
    },
  };
}
