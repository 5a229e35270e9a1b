import type { Kysely } from "kysely";

// Contact preferences and notifications (issue 6).
// - phone_numbers: one row per user with a mobile number for texts. `phone` is the verified number (null until a code
//   is confirmed); `pending_phone` is the number the last code went to. Codes are stored only as an HMAC
//   (code_hash), expire (code_expires_at) and allow a few wrong guesses (code_attempts). sends_* count codes sent in
//   the current hour so nobody can text a stranger's phone over and over.
// - notifications: the in-app notifications of /account/notifications, newest first per user.
// - known_devices: browser family + operating system of every device a user has signed in from, so a sign-in from a
//   new one can be told apart (services/notifications.service.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("phone_numbers")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("phone", "text")
    .addColumn("verified_at", "text")
    .addColumn("pending_phone", "text")
    .addColumn("code_hash", "text")
    .addColumn("code_expires_at", "text")
    .addColumn("code_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_sent_at", "text")
    .addColumn("sends_window_start", "text")
    .addColumn("sends_in_window", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("notifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("read_at", "text")
    .execute();
  await db.schema
    .createIndex("notifications_user_idx")
    .on("notifications")
    .columns(["user_id", "created_at", "id"])
    .execute();

  await db.schema
    .createTable("known_devices")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("device_key", "text", (c) => c.notNull())
    .addColumn("first_seen_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("known_devices_pkey", ["user_id", "device_key"])
    .execute();
}
