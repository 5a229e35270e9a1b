import {
  describeUserAgent,
  type Notification,
  type NotificationKind,
  type NotificationsPage,
  notificationKinds,
} from "@heirloom/contract";
import type { NotificationRecord, NotificationsRepo } from "../db/repos/notifications.repo.ts";
import { AppError } from "../errors.ts";
import type { Clock } from "./clock.ts";
import { formatDay } from "./format-day.ts";

/** What each account event says to its owner. Written in the second person, with what to do if it was not them. */
const texts: Record<NotificationKind, (detail: string) => { title: string; body: string }> = {
  "new-device-sign-in": (device) => ({
    title: `New sign-in from ${device}`,
    body: "If this was you, there is nothing to do. If not, change your password in Security settings right away: that also signs out every other session.",
  }),
  "password-changed": () => ({
    title: "Your password was changed",
    body: "Your vault password was changed and your other sessions were signed out. If you did not do this, recover your account with your recovery key.",
  }),
  "account-recovered": () => ({
    title: "Your account was recovered with the recovery key",
    body: "A new password was set with your recovery key and every session was signed out. If you did not do this, contact support.",
  }),
  "two-factor-enabled": () => ({
    title: "Two-step sign-in turned on",
    body: "Signing in now also asks for a code from your authenticator app. Keep your backup codes somewhere safe.",
  }),
  "two-factor-disabled": () => ({
    title: "Two-step sign-in turned off",
    body: "Signing in no longer asks for a code. If you did not do this, change your password and turn two-step sign-in on again.",
  }),
  "phone-verified": (phone) => ({
    title: "Mobile number verified",
    body: `Texts from Heirloom can now go to ${phone}. Choose in Contact preferences whether we send them.`,
  }),
  "legacy-contact-accepted": (who) => ({
    title: `${who} accepted your legacy invitation`,
    body: "Compare their fingerprint phrase with them, in person or by phone, then confirm them in Legacy settings. Nothing is shared with them until you do.",
  }),
  "legacy-contact-declined": (who) => ({
    title: `${who} declined your legacy invitation`,
    body: "They will not be one of your legacy contacts. You can invite someone else in Legacy settings.",
  }),
  "legacy-contact-left": (who) => ({
    title: `${who} is no longer your legacy contact`,
    body: "They ended their role themselves, so nothing more will be handed to them. You can name someone else in Legacy settings.",
  }),
  "legacy-contact-key-changed": (who) => ({
    title: `${who}'s key has changed`,
    body: "Nothing more is shared with them until you compare their new fingerprint phrase with them and confirm them again in Legacy settings. If they did not expect this, ask them before confirming.",
  }),
  "legacy-plan-shared": (owner) => ({
    title: `${owner} shared documents with you`,
    body: "Open them from your Legacy page (People who named me). Only your browser can unlock them, with your own key.",
  }),
  "legacy-drill-received": (owner) => ({
    title: `${owner} sent you a legacy drill`,
    body: "A test, not a real release: it checks that you can open what they leave you. Open it from your Legacy page within 7 days.",
  }),
  "legacy-check-in-reminder": (deadline) => ({
    title: "Please check in",
    body: `Your legacy plans act if you do not check in by ${deadline}. Press "I'm still here" on your home page, or use the link in the reminder mail.`,
  }),
  "legacy-access-requested": (who) => ({
    title: `${who} asked for access to one of your plans`,
    body: "If you do nothing, the plan is released to its recipients when the waiting period ends. Open Legacy settings to read their reason and refuse if you are able.",
  }),
  "legacy-request-refused": (owner) => ({
    title: `${owner} refused your request for access`,
    body: "They are able to act for themselves. You can ask again after the plan's waiting period.",
  }),
  "legacy-trustee-asked": (owner) => ({
    title: `Please confirm: ${owner}'s legacy plan`,
    body: "You are a trustee of their plan. Open your Legacy page and say whether the plan should be released now.",
  }),
  "legacy-plan-released": (detail) => ({
    title: "One of your legacy plans was released",
    body: `${detail} Open Legacy settings to see to whom, when and why.`,
  }),
  "legacy-release-ended": () => ({
    title: "A time-limited release has ended",
    body: "Its recipients can no longer open the plan's documents through Heirloom. Copies they downloaded cannot be recalled.",
  }),
};

/** A notification's title and body. */
export const notificationText = (kind: NotificationKind, detail = "") => texts[kind](detail);

/** The standing check-in reminder's words when it went after the deadline, in a grace period (as its mail says). */
const missedCheckInText = (deadline: string) => ({
  title: "You missed a check-in",
  body: `You did not check in by ${deadline}. Unless you check in, your legacy plans will be released after their grace period. Press "I'm still here" on your home page, or use the link in the reminder mail.`,
});

const isKind = (kind: string): kind is NotificationKind =>
  (notificationKinds as readonly string[]).includes(kind);

function toDto(record: NotificationRecord): Notification | undefined {
  if (!isKind(record.kind)) return undefined;
  const { userId: _userId, kind, ...rest } = record;
  return { ...rest, kind };
}

// [Note: The standing check-in reminder]
// A check-in reminder is not a notification row of its own: the legacy sweep records the last one in the owner's
// reminder columns (when it went, the deadline it stated), and the owner's notifications show it as one entry,
// newest by when it went, unread until they read it or check in (ADR 058). The sweep of many reminders at once then
// writes one row fewer for each. Its id names the reminder it shows ("reminder-" and when it went), so marking an
// older one read leaves a newer reminder unread. Reminder rows written before migration 0015 stay as they were.
const reminderIdPrefix = "reminder-";

/** Whether `a` comes before `b` in a page: newer first, then by id, as the repo orders its rows. */
const before = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
  a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id);
const newerFirst = (a: NotificationRecord, b: NotificationRecord) =>
  before(a, b) ? -1 : before(b, a) ? 1 : 0;

export function createNotificationsService(deps: { repo: NotificationsRepo; clock: Clock }) {
  const { repo, clock } = deps;

  async function notify(userId: string, kind: NotificationKind, detail = ""): Promise<void> {
    await repo.insert({ userId, kind, ...notificationText(kind, detail) }, clock());
  }

  /** The owner's standing check-in reminder as a notification record, if a reminder ever went. */
  async function standingReminder(userId: string): Promise<NotificationRecord | undefined> {
    const reminder = await repo.checkInReminder(userId);
    if (!reminder) return undefined;
    const deadline = formatDay(new Date(reminder.deadlineAt));
    return {
      id: `${reminderIdPrefix}${reminder.sentAt}`,
      userId,
      kind: "legacy-check-in-reminder",
      // Worded as its mail was: a reminder that went after the deadline says the check-in was missed.
      ...(reminder.sentAt >= reminder.deadlineAt
        ? missedCheckInText(deadline)
        : notificationText("legacy-check-in-reminder", deadline)),
      createdAt: reminder.sentAt,
      readAt: reminder.readAt !== null && reminder.readAt >= reminder.sentAt ? reminder.readAt : null,
    };
  }

  /** Unread stored rows, and the standing reminder when unread (`reminder`: as the caller already read it). */
  async function unread(userId: string, reminder?: NotificationRecord | null): Promise<number> {
    const [rows, standing] = await Promise.all([
      repo.unreadCount(userId),
      reminder === undefined ? standingReminder(userId) : reminder,
    ]);
    return rows + (standing && standing.readAt === null ? 1 : 0);
  }

  return {
    notify,

    /**
     * A new session: a sign-in from a browser and operating system this user has not signed in from before is
     * notified. The very first device of an account is only remembered (the person just signed up on it). Answers
     * whether the device was new (and so notified).
     */
    async sessionCreated(userId: string, userAgent: string | null | undefined): Promise<boolean> {
      if (!userAgent) return false;
      const { device, operating } = describeUserAgent(userAgent);
      const seen = await repo.rememberDevice(userId, `${device}|${operating}`, clock());
      if (seen !== "new") return false;
      await notify(userId, "new-device-sign-in", `${device} (${operating})`);
      return true;
    },

    async page(
      userId: string,
      query: { cursor?: string | undefined; limit: number },
    ): Promise<NotificationsPage> {
      let after: { createdAt: string; id: string } | undefined;
      if (query.cursor) {
        const [createdAt = "", id = ""] = Buffer.from(query.cursor, "base64url").toString("utf8").split("|");
        if (!createdAt || !id)
          throw new AppError("validation_failed", "That page of notifications is not valid.");
        after = { createdAt, id };
      }
      const [stored, reminder] = await Promise.all([
        repo.page(userId, { limit: query.limit + 1, ...(after ? { after } : {}) }),
        standingReminder(userId),
      ]);
      // The standing reminder takes its place by time among this page's rows, when it comes after the cursor.
      const rows =
        reminder && (!after || before(after, reminder)) ? [...stored, reminder].sort(newerFirst) : stored;
      const shown = rows.slice(0, query.limit);
      const last = shown.at(-1);
      const next =
        rows.length > query.limit && last
          ? Buffer.from(`${last.createdAt}|${last.id}`, "utf8").toString("base64url")
          : null;
      const entries = shown.map(toDto).filter((entry): entry is Notification => entry !== undefined);
      return { entries, next, unread: await unread(userId, reminder ?? null) };
    },

    async unreadCount(userId: string): Promise<{ unread: number }> {
      return { unread: await unread(userId) };
    },

    /** Only the caller's own notifications change, whatever ids are sent. */
    async markRead(userId: string, ids: readonly string[] | "all"): Promise<{ unread: number }> {
      const now = clock();
      if (ids === "all") {
        await repo.markRead(userId, "all", now);
        await repo.markCheckInReminderRead(userId, "any", now);
      } else {
        const rows = ids.filter((id) => !id.startsWith(reminderIdPrefix));
        if (rows.length) await repo.markRead(userId, rows, now);
        for (const id of ids.filter((id) => id.startsWith(reminderIdPrefix)))
          await repo.markCheckInReminderRead(userId, id.slice(reminderIdPrefix.length), now);
      }
      return { unread: await unread(userId) };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
