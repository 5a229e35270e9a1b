import type { Kysely } from "kysely";
import type { Dialect } from "../database.ts";
import { insertJsonRows } from "../json-rows.ts";
import type { DatabaseSchema, NotificationsTable } from "../schema.ts";
import { timeOrderedId } from "../time-ordered-id.ts";

export interface NotificationRecord {
  id: string;
  userId: string;
  kind: string;
  title: string;
  body: string;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationEntry {
  userId: string;
  kind: string;
  title: string;
  body: string;
}

export interface NotificationsRepo {
  insert(entry: NotificationEntry, now: Date): Promise<void>;
  /** Newest first, `limit` entries older than `after` (created_at and id), or from the newest. */
  page(
    userId: string,
    options: { limit: number; after?: { createdAt: string; id: string } },
  ): Promise<NotificationRecord[]>;
  unreadCount(userId: string): Promise<number>;
  /** Marks the given ids (only the user's own) or all of the user's notifications read. */
  markRead(userId: string, ids: readonly string[] | "all", now: Date): Promise<void>;
  /**
   * The owner's last check-in reminder, from their reminder columns (the legacy sweep writes them): when it went, the
   * deadline it stated and when its notice was last read (or the owner checked in). Undefined when none ever went.
   */
  checkInReminder(
    userId: string,
  ): Promise<{ sentAt: string; deadlineAt: string; readAt: string | null } | undefined>;
  /** Marks the last check-in reminder read: only if it is still the one sent at `sentAt` (any, with "any"). */
  markCheckInReminderRead(userId: string, sentAt: string | "any", now: Date): Promise<void>;
  /** Whether the user has signed in from this device before; records it if not. */
  rememberDevice(userId: string, deviceKey: string, now: Date): Promise<"known" | "new" | "first">;
}

const toRecord = (row: NotificationsTable): NotificationRecord => ({
  id: row.id,
  userId: row.user_id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  createdAt: row.created_at,
  readAt: row.read_at,
});

/** Writes notifications in one statement. */
async function insertNotificationRows(
  db: Kysely<DatabaseSchema>,
  dialect: Dialect,
  entries: readonly NotificationEntry[],
  now: Date,
) {
  if (!entries.length) return;
  const createdAt = now.toISOString();
  const rows = entries.map((entry) => ({
    id: timeOrderedId(now.getTime()),
    user_id: entry.userId,
    kind: entry.kind,
    title: entry.title,
    body: entry.body,
    created_at: createdAt,
  }));
  await insertJsonRows(dialect, "notifications", rows, {
    id: "text",
    user_id: "text",
    kind: "text",
    title: "text",
    body: "text",
    created_at: "text",
  }).execute(db);
}

export function createNotificationsRepo(db: Kysely<DatabaseSchema>, dialect: Dialect): NotificationsRepo {
  return {
    async insert(entry, now) {
      await insertNotificationRows(db, dialect, [entry], now);
    },
    async page(userId, { limit, after }) {
      let query = db.selectFrom("notifications").selectAll().where("user_id", "=", userId);
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb("created_at", "<", after.createdAt),
            eb.and([eb("created_at", "=", after.createdAt), eb("id", "<", after.id)]),
          ]),
        );
      }
      const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
      return rows.map(toRecord);
    },
    async unreadCount(userId) {
      const row = await db
        .selectFrom("notifications")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("user_id", "=", userId)
        .where("read_at", "is", null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async markRead(userId, ids, now) {
      let query = db
        .updateTable("notifications")
        .set({ read_at: now.toISOString() })
        .where("user_id", "=", userId)
        .where("read_at", "is", null);
      if (ids !== "all") query = query.where("id", "in", [...ids]);
      await query.execute();
    },
    async checkInReminder(userId) {
      const row = await db
        .selectFrom("profiles")
        .select(["reminder_sent_at", "reminder_deadline_at", "reminder_read_at"])
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (!row?.reminder_sent_at || !row.reminder_deadline_at) return undefined;
      return {
        sentAt: row.reminder_sent_at,
        deadlineAt: row.reminder_deadline_at,
        readAt: row.reminder_read_at,
      };
    },
    async markCheckInReminderRead(userId, sentAt, now) {
      let query = db
        .updateTable("profiles")
        .set({ reminder_read_at: now.toISOString() })
        .where("user_id", "=", userId)
        .where("reminder_sent_at", "is not", null)
        .where((eb) =>
          eb.or([
            eb("reminder_read_at", "is", null),
            eb("reminder_read_at", "<", eb.ref("reminder_sent_at")),
          ]),
        );
      if (sentAt !== "any") query = query.where("reminder_sent_at", "=", sentAt);
      await query.execute();
    },
    async rememberDevice(userId, deviceKey, now) {
      const seen = await db
        .selectFrom("known_devices")
        .select("device_key")
        .where("user_id", "=", userId)
        .execute();
      if (seen.some((row) => row.device_key === deviceKey)) return "known";
      const inserted = await db
        .insertInto("known_devices")
        .values({ user_id: userId, device_key: deviceKey, first_seen_at: now.toISOString() })
        .onConflict((oc) => oc.columns(["user_id", "device_key"]).doNothing())
        .executeTakeFirst();
      // Two sign-ins racing from the same new device: only the one that inserted reports it.
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return "known";
      return seen.length === 0 ? "first" : "new";
    },
  };
}
