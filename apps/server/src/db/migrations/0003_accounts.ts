import { type ColumnDataType, type Kysely, PostgresAdapter, sql } from "kysely";

// Accounts. Two groups of tables:
// - better-auth's own (user, session, account, verification, twoFactor, rateLimit), named and typed exactly as its
//   Kysely adapter reads and writes them: camelCase columns; on PostgreSQL real booleans and timestamptz (the adapter
//   sends Date and boolean values there), on SQLite integers 0/1 and ISO text (the adapter converts). better-auth checks
//   the columns against its expected schema on the first request, so a drift here fails loudly in the tests.
// - ours (snake_case, text timestamps, integer booleans, as in 0001): profiles, account_keys, activity, auth_attempts,
//   recovery_tokens, totp_steps.

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bool: ColumnDataType = isPostgres ? "boolean" : "integer";
  const time: ColumnDataType = isPostgres ? "timestamptz" : "text";

  await db.schema
    .createTable("user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", bool, (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", time, (c) => c.notNull())
    .addColumn("updatedAt", time, (c) => c.notNull())
    .addColumn("twoFactorEnabled", bool)
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expiresAt", time, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", time, (c) => c.notNull())
    .addColumn("updatedAt", time, (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", time)
    .addColumn("refreshTokenExpiresAt", time)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", time, (c) => c.notNull())
    .addColumn("updatedAt", time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", time, (c) => c.notNull())
    .addColumn("createdAt", time, (c) => c.notNull())
    .addColumn("updatedAt", time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("verification_identifier_idx")
    .on("verification")
    .column("identifier")
    .execute();

  await db.schema
    .createTable("twoFactor")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("backupCodes", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("verified", bool)
    .addColumn("failedVerificationCount", "integer")
    .addColumn("lockedUntil", time)
    .execute();
  await db.schema.createIndex("twoFactor_secret_idx").on("twoFactor").column("secret").execute();
  await db.schema.createIndex("twoFactor_userId_idx").on("twoFactor").column("userId").execute();

  await db.schema
    .createTable("rateLimit")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("lastRequest", "bigint", (c) => c.notNull())
    .execute();

  // SPEC section 3's server-side user profile, one row per user.
  await db.schema
    .createTable("profiles")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("account_type", "text", (c) => c.notNull())
    .addColumn("account_tier", "text", (c) => c.notNull())
    .addColumn("account_active", "integer", (c) => c.notNull())
    .addColumn("subscription_status", "text", (c) => c.notNull())
    .addColumn("email_toggle", "integer", (c) => c.notNull())
    .addColumn("activity_toggle", "integer", (c) => c.notNull())
    .addColumn("text_toggle", "integer", (c) => c.notNull())
    .addColumn("activity_check", "text", (c) => c.notNull())
    .addColumn("dark_mode", "text", (c) => c.notNull().check(sql`dark_mode in ('light', 'dark', 'system')`))
    .addColumn("ar", "text")
    .addColumn("ar_title", "text")
    .addColumn("dob_day", "text")
    .addColumn("dob_month", "text")
    .addColumn("dob_year", "text")
    .addColumn("zip_code", "text")
    .addColumn("last_login", "text")
    .addColumn("valid_60_day_check", "text")
    .addColumn("next_60_day_check", "text")
    .addColumn("password_changed_at", "text")
    // 1 after an email-only password reset: login works again, the vault blobs are still wrapped under the old key.
    .addColumn("vault_locked", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  // The browser-made key material (docs/file-format.md); the server cannot open any of it.
  await db.schema
    .createTable("account_keys")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("salt_hex", "text", (c) => c.notNull())
    .addColumn("owner_encrypted_dek", "text", (c) => c.notNull())
    .addColumn("public_key_pem", "text", (c) => c.notNull())
    .addColumn("encrypted_private_key", "text", (c) => c.notNull())
    .addColumn("signing_public_key_pem", "text", (c) => c.notNull())
    .addColumn("encrypted_signing_private_key", "text", (c) => c.notNull())
    .addColumn("recovery_encrypted_dek", "text", (c) => c.notNull())
    .addColumn("recovery_encrypted_private_key", "text", (c) => c.notNull())
    .addColumn("recovery_encrypted_signing_private_key", "text", (c) => c.notNull())
    .addColumn("recovery_auth_key_hash", "text", (c) => c.notNull())
    .addColumn("blob_format", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("activity")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("operating", "text", (c) => c.notNull())
    .addColumn("timestamp", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("activity_user_idx").on("activity").columns(["user_id", "timestamp"]).execute();

  // Failed sign-ins and recovery attempts per subject (a keyed hash of the email, so no address is kept here).
  await db.schema
    .createTable("auth_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("subject_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("auth_attempts_subject_idx")
    .on("auth_attempts")
    .columns(["kind", "subject_hash", "created_at"])
    .execute();

  await db.schema
    .createTable("recovery_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  // The last TOTP time step accepted per user, so a code cannot be used twice (better-auth does not check).
  await db.schema
    .createTable("totp_steps")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("last_step", "bigint", (c) => c.notNull())
    .execute();
}
