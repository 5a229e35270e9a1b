import type { Kysely } from "kysely";

// Display and onboarding settings of the profile (ADR 026): the time zone dates are shown in (null: the browser's),
// the page a sign-in lands on (null: /app), and when the person last confirmed they saved a recovery kit (null: not
// yet), which the /getStarted checklist reads so its progress survives a new browser.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("profiles").addColumn("time_zone", "text").execute();
  await db.schema.alterTable("profiles").addColumn("landing_page", "text").execute();
  await db.schema.alterTable("profiles").addColumn("recovery_kit_saved_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("profiles").dropColumn("recovery_kit_saved_at").execute();
  await db.schema.alterTable("profiles").dropColumn("landing_page").execute();
  await db.schema.alterTable("profiles").dropColumn("time_zone").execute();
}
