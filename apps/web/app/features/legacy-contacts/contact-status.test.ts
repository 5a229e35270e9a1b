import type { LegacyContact } from "@heirloom/contract";
import { describe, expect, it } from "vitest";
import { contactStatus, keyNeedsConfirmingAgain, resendWaitUntil } from "./contact-status.ts";

const day = (iso: string) => iso.slice(0, 10);
const base: LegacyContact = {
  id: "0d5f4b9e-8a6b-4a4e-9d43-0a3f1c2b7e11",
  email: "ada@example.com",
  state: "invited",
  keyChanged: false,
  details: "v1.aaaa:bbbb",
  invitedAt: "2026-01-01T10:00:00.000Z",
  expiresAt: "2026-01-08T10:00:00.000Z",
  lastSentAt: "2026-01-02T10:00:00.000Z",
  acceptedAt: null,
  confirmedAt: null,
  declinedAt: null,
  revokedAt: null,
  leftAt: null,
  resendAvailableAt: null,
  contact: null,
  confirmation: null,
};
const status = (change: Partial<LegacyContact>, keyChanged = false) =>
  contactStatus({ ...base, ...change }, keyChanged, day);

describe("what the owner's list says about each state", () => {
  it("gives each state its label, its date and its actions", () => {
    const rows = [
      status({}),
      status({ state: "expired" }),
      status({ state: "accepted", acceptedAt: "2026-01-03T00:00:00.000Z" }),
      status({ state: "confirmed", confirmedAt: "2026-01-04T00:00:00.000Z" }),
      status({ state: "confirmed", confirmedAt: "2026-01-04T00:00:00.000Z" }, true),
      status({ state: "declined", declinedAt: "2026-01-05T00:00:00.000Z" }),
      status({ state: "revoked", revokedAt: "2026-01-06T00:00:00.000Z" }),
      status({ state: "left", leftAt: "2026-01-07T00:00:00.000Z" }),
    ];
    expect(rows.map((r) => [r.key, r.label, r.tone, r.actions])).toEqual([
      ["invited", "Invited", "info", { resend: true, end: "withdraw", confirm: false }],
      ["expired", "Expired", "neutral", { resend: true, end: "withdraw", confirm: false }],
      [
        "accepted",
        "Accepted: needs your confirmation",
        "warning",
        { resend: false, end: "remove", confirm: true },
      ],
      ["confirmed", "Confirmed", "success", { resend: false, end: "remove", confirm: false }],
      [
        "key-changed",
        "Key changed: confirm again",
        "warning",
        { resend: false, end: "remove", confirm: true },
      ],
      ["declined", "Declined", "ended", { resend: false, end: null, confirm: false }],
      ["revoked", "Withdrawn", "ended", { resend: false, end: null, confirm: false }],
      ["left", "Left", "ended", { resend: false, end: null, confirm: false }],
    ]);
    expect(rows.map((r) => r.detail)).toEqual([
      "Invitation sent on 2026-01-02. The link expires on 2026-01-08.",
      "The link expired on 2026-01-08 without an answer. Send it again for a new link.",
      "Accepted on 2026-01-03. Compare their six words with them, then confirm them.",
      "You confirmed them on 2026-01-04.",
      "Their key has changed since you confirmed them on 2026-01-04. Nothing will be shared with them until you compare their new six words and confirm again.",
      "They declined your invitation on 2026-01-05. You can invite them again.",
      "You withdrew this on 2026-01-06. You can invite them again.",
      "They stopped being your legacy contact on 2026-01-07. You can invite them again.",
    ]);
  });
});

describe("when a confirmed contact must be confirmed again", () => {
  it("follows the server's flag and this browser's check of the owner's signature", () => {
    const confirmed = { state: "confirmed" as const, keyChanged: false };
    expect(keyNeedsConfirmingAgain(confirmed, true)).toBe(false);
    expect(keyNeedsConfirmingAgain(confirmed, null)).toBe(false);
    expect(keyNeedsConfirmingAgain(confirmed, false)).toBe(true);
    expect(keyNeedsConfirmingAgain({ ...confirmed, keyChanged: true }, true)).toBe(true);
    expect(keyNeedsConfirmingAgain({ state: "accepted", keyChanged: false }, false)).toBe(false);
  });
});

describe("sending again", () => {
  const now = Date.parse("2026-01-02T12:00:00.000Z");
  it("is possible now when the time has passed or there is none, and waits otherwise", () => {
    expect(resendWaitUntil(null, now)).toBeNull();
    expect(resendWaitUntil("2026-01-02T11:00:00.000Z", now)).toBeNull();
    expect(resendWaitUntil("2026-01-03T10:00:00.000Z", now)).toBe("2026-01-03T10:00:00.000Z");
    expect(resendWaitUntil("not a date", now)).toBeNull();
  });
});
