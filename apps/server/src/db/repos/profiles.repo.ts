import type { Kysely } from "kysely";
import { compiledOnce } from "../compiled-once.ts";
import type { DatabaseSchema, ProfilesTable } from "../schema.ts";

export interface ProfileRecord {
  userId: string;
  accountType: string;
  accountTier: string;
  accountActive: boolean;
  subscriptionStatus: string;
  emailToggle: boolean;
  activityToggle: boolean;
  textToggle: boolean;
  activityCheck: string;
  darkMode: "light" | "dark" | "system";
  ar: string | null;
  arTitle: string | null;
  dobDay: string | null;
  dobMonth: string | null;
  dobYear: string | null;
  zipCode: string | null;
  lastLogin: string | null;
  valid60DayCheck: string | null;
  next60DayCheck: string | null;
  passwordChangedAt: string | null;
  vaultLocked: boolean;
  timeZone: string | null;
  landingPage: string | null;
  recoveryKitSavedAt: string | null;
}

export interface ProfilesRepo {
  /** Creates the profile with SPEC section 3's defaults; does nothing when it exists. */
  createDefault(userId: string, accountType: string, now: Date): Promise<void>;
  find(userId: string): Promise<ProfileRecord | undefined>;
  setLastLogin(userId: string, now: Date): Promise<void>;
  setPasswordChangedAt(userId: string, now: Date): Promise<void>;
  setVaultLocked(userId: string, locked: boolean, now: Date): Promise<void>;
  setRecoveryKitSavedAt(userId: string, now: Date): Promise<void>;
  /** Writes the given editable fields (undefined leaves a field as it is). */
  update(userId: string, changes: ProfileChanges, now: Date): Promise<void>;
}

/** The fields a person edits (packages/contract profileUpdateSchema, minus the name, which lives on the user). */
export type ProfileChanges = Partial<
  Pick<
    ProfileRecord,
    | "dobDay"
    | "dobMonth"
    | "dobYear"
    | "zipCode"
    | "emailToggle"
    | "activityToggle"
    | "textToggle"
    | "activityCheck"
    | "darkMode"
    | "timeZone"
    | "landingPage"
  >
>;

const bit = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

const sixtyDaysMs = 60 * 24 * 60 * 60 * 1000;

function toRecord(row: ProfilesTable): ProfileRecord {
  return {
    userId: row.user_id,
    accountType: row.account_type,
    accountTier: row.account_tier,
    accountActive: Boolean(row.account_active),
    subscriptionStatus: row.subscription_status,
    emailToggle: Boolean(row.email_toggle),
    activityToggle: Boolean(row.activity_toggle),
    textToggle: Boolean(row.text_toggle),
    activityCheck: row.activity_check,
    darkMode: row.dark_mode,
    ar: row.ar,
    arTitle: row.ar_title,
    dobDay: row.dob_day,
    dobMonth: row.dob_month,
    dobYear: row.dob_year,
    zipCode: row.zip_code,
    lastLogin: row.last_login,
    valid60DayCheck: row.valid_60_day_check,
    next60DayCheck: row.next_60_day_check,
    passwordChangedAt: row.password_changed_at,
    vaultLocked: Boolean(row.vault_locked),
    timeZone: row.time_zone,
    landingPage: row.landing_page,
    recoveryKitSavedAt: row.recovery_kit_saved_at,
  };
}

export function createProfilesRepo(db: Kysely<DatabaseSchema>): ProfilesRepo {
  // Every signed-in page reads the profile: compiled once (db/compiled-once.ts).
  const findRows = compiledOnce(db, 1, (userId: string) =>
    db.selectFrom("profiles").selectAll().where("user_id", "=", userId),
  );
  const touch = (userId: string, now: Date, values: Partial<ProfilesTable>) =>
    db
      .updateTable("profiles")
      .set({ ...values, updated_at: now.toISOString() })
      .where("user_id", "=", userId)
      .execute();
  return {
    async createDefault(userId, accountType, now) {
      const at = now.toISOString();
      await db
        .insertInto("profiles")
        .values({
          user_id: userId,
          account_type: accountType,
          account_tier: "a",
          account_active: 1,
          subscription_status: "none",
          email_toggle: 0,
          activity_toggle: 1,
          text_toggle: 0,
          activity_check: "11",
          dark_mode: "system",
          ar: null,
          ar_title: null,
          dob_day: null,
          dob_month: null,
          dob_year: null,
          zip_code: null,
          last_login: null,
          valid_60_day_check: at,
          next_60_day_check: new Date(now.getTime() + sixtyDaysMs).toISOString(),
          password_changed_at: null,
          vault_locked: 0,
          time_zone: null,
          landing_page: null,
          recovery_kit_saved_at: null,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .execute();
    },
    async find(userId) {
      const [row] = await findRows(userId);
      return row && toRecord(row);
    },
    async setLastLogin(userId, now) {
      await touch(userId, now, { last_login: now.toISOString() });
    },
    async setPasswordChangedAt(userId, now) {
      await touch(userId, now, { password_changed_at: now.toISOString() });
    },
    async setVaultLocked(userId, locked, now) {
      await touch(userId, now, { vault_locked: locked ? 1 : 0 });
    },
    async setRecoveryKitSavedAt(userId, now) {
      await touch(userId, now, { recovery_kit_saved_at: now.toISOString() });
    },
    async update(userId, changes, now) {
      const values: Partial<ProfilesTable> = {
        dob_day: changes.dobDay,
        dob_month: changes.dobMonth,
        dob_year: changes.dobYear,
        zip_code: changes.zipCode,
        email_toggle: bit(changes.emailToggle),
        activity_toggle: bit(changes.activityToggle),
        text_toggle: bit(changes.textToggle),
        activity_check: changes.activityCheck,
        dark_mode: changes.darkMode,
        time_zone: changes.timeZone,
        landing_page: changes.landingPage,
      };
      const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
      await touch(userId, now, defined);
    },
  };
}
