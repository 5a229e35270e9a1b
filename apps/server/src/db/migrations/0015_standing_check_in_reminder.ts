import type { Kysely } from "kysely";

// The check-in reminder's in-app notification is one standing entry per owner, read from the owner's reminder columns
// (services/notifications.service.ts, ADR 058), not a row per reminder: the sweep writes one row fewer for each
// reminder it sends. reminder_deadline_at is the deadline the last reminder stated; reminder_read_at when the owner
// last read it (or checked in, which answers it). Reminder rows written before this stay as they are.

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["reminder_deadline_at", "reminder_read_at"]) {
    await db.schema.alterTable("profiles").addColumn(column, "text").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["reminder_deadline_at", "reminder_read_at"]) {
    await db.schema.alterTable("profiles").dropColumn(column).execute();
  }
}
