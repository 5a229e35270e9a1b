import type { ArticleKind, LegacyContactState, LegacyPlanPhase as PlanPhase } from "@heirloom/contract";
import type { Generated } from "kysely";

/**
 * Row types of every table, as Kysely sees them. Conventions shared by all tables so one migration set runs on SQLite
 * and PostgreSQL alike:
 * - ids are text (random UUIDs made in code, never by the database);
 * - timestamps are text, ISO-8601 UTC from Date#toISOString (fixed width, so they also sort as text);
 * - booleans, when they arrive, are integer 0/1.
 * Columns are snake_case here; repos map rows to camelCase records for services.
 */

export type ArticleStatus = "published" | "draft";

export interface ArticlesTable {
  id: string;
  kind: ArticleKind;
  /** Always lower case (a CHECK enforces it), so lookups are case-insensitive and unique across kinds. */
  slug: string;
  title: string;
  summary: string;
  body_markdown: string;
  status: ArticleStatus;
  published_at: string;
  created_at: string;
  updated_at: string;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  message: string;
  /** HMAC of the sender's IP under a server secret: enough to spot abuse, not enough to recover the address. */
  ip_hash: string;
  created_at: string;
}

/** SPEC's userErrors log: errors a person ran into, kept to debug them. */
export interface UserErrorsTable {
  id: string;
  uid: string | null;
  function: string;
  error: string;
  timestamp: string;
}

// better-auth's tables (0003_accounts): camelCase, and engine-specific value types: boolean/Date on PostgreSQL,
// integer/ISO text on SQLite. Only the columns our own code reads are typed precisely.
type AuthBool = boolean | number;
type AuthTime = Date | string;

export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: AuthBool;
  image: string | null;
  createdAt: AuthTime;
  updatedAt: AuthTime;
  twoFactorEnabled: AuthBool | null;
}

export interface AuthSessionTable {
  id: string;
  expiresAt: AuthTime;
  token: string;
  createdAt: AuthTime;
  updatedAt: AuthTime;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AuthAccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthTime | null;
  refreshTokenExpiresAt: AuthTime | null;
  scope: string | null;
  password: string | null;
  createdAt: AuthTime;
  updatedAt: AuthTime;
}

export interface AuthVerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthTime;
  createdAt: AuthTime;
  updatedAt: AuthTime;
}

export interface AuthTwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: AuthBool | null;
  failedVerificationCount: number | null;
  lockedUntil: AuthTime | null;
}

export interface AuthRateLimitTable {
  id: string;
  key: string;
  count: number;
  lastRequest: number | string;
}

export interface ProfilesTable {
  user_id: string;
  account_type: string;
  account_tier: string;
  account_active: number;
  subscription_status: string;
  email_toggle: number;
  activity_toggle: number;
  text_toggle: number;
  activity_check: string;
  dark_mode: "light" | "dark" | "system";
  ar: string | null;
  ar_title: string | null;
  dob_day: string | null;
  dob_month: string | null;
  dob_year: string | null;
  zip_code: string | null;
  last_login: string | null;
  valid_60_day_check: string | null;
  next_60_day_check: string | null;
  /** 0010_release_engine: the reminder slot last answered, when the last reminder went, when to look again. */
  reminder_slot_at: string | null;
  reminder_sent_at: string | null;
  reminder_due_at: string | null;
  /** 0015_standing_check_in_reminder: the deadline the last reminder stated, and when its notice was last read. */
  reminder_deadline_at: string | null;
  reminder_read_at: string | null;
  password_changed_at: string | null;
  vault_locked: number;
  /** 0005_profile_settings: an IANA zone, or null for the browser's. */
  time_zone: string | null;
  /** 0005_profile_settings: a signed-in path (contract landingPages), or null for /app. */
  landing_page: string | null;
  /** 0005_profile_settings: when the person last confirmed a saved recovery kit. */
  recovery_kit_saved_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AccountKeysTable {
  user_id: string;
  salt_hex: string;
  owner_encrypted_dek: string;
  public_key_pem: string;
  encrypted_private_key: string;
  signing_public_key_pem: string;
  encrypted_signing_private_key: string;
  recovery_encrypted_dek: string;
  recovery_encrypted_private_key: string;
  recovery_encrypted_signing_private_key: string;
  recovery_auth_key_hash: string;
  blob_format: number;
  /** The vault key's derivation (0007): Argon2id v1.3 (19), t, m in KiB, p. */
  kdf_algorithm: string;
  kdf_version: number;
  kdf_iterations: number;
  kdf_memory_kib: number;
  kdf_parallelism: number;
  created_at: string;
  updated_at: string;
}

export interface ActivityTable {
  id: string;
  user_id: string;
  action: string;
  device: string;
  operating: string;
  timestamp: string;
}

export interface AuthAttemptsTable {
  id: string;
  /** sign-in: an email's sign-ins from unknown browsers; device: one known browser's; recovery: an email's recovery. */
  kind: "sign-in" | "device" | "recovery";
  subject_hash: string;
  created_at: string;
}

export interface RecoveryTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  created_at: string;
}

export interface TotpStepsTable {
  user_id: string;
  last_step: number | string;
}

export interface PageViewsTable {
  day: string;
  path: string;
  views: number;
}

export interface DatabaseSchema {
  page_views: PageViewsTable;
  articles: ArticlesTable;
  contact_messages: ContactMessagesTable;
  user_errors: UserErrorsTable;
  user: AuthUserTable;
  session: AuthSessionTable;
  account: AuthAccountTable;
  verification: AuthVerificationTable;
  twoFactor: AuthTwoFactorTable;
  rateLimit: AuthRateLimitTable;
  profiles: ProfilesTable;
  account_keys: AccountKeysTable;
  activity: ActivityTable;
  auth_attempts: AuthAttemptsTable;
  recovery_tokens: RecoveryTokensTable;
  totp_steps: TotpStepsTable;
  storage_objects: StorageObjectsTable;
  storage_locks: StorageLocksTable;
  phone_numbers: PhoneNumbersTable;
  notifications: NotificationsTable;
  known_devices: KnownDevicesTable;
  legacy_contacts: LegacyContactsTable;
  legacy_plans: LegacyPlansTable;
  legacy_plan_trustees: LegacyPlanTrusteesTable;
  legacy_plan_items: LegacyPlanItemsTable;
  legacy_plan_recipients: LegacyPlanRecipientsTable;
  legacy_wraps: LegacyWrapsTable;
  legacy_drills: LegacyDrillsTable;
  legacy_plan_events: LegacyPlanEventsTable;
  legacy_plan_requests: LegacyPlanRequestsTable;
  legacy_plan_trustee_answers: LegacyPlanTrusteeAnswersTable;
  sweep_leases: SweepLeasesTable;
}

/** A user's mobile number for texts and its pending verification code (0006). */
export interface PhoneNumbersTable {
  user_id: string;
  phone: string | null;
  verified_at: string | null;
  pending_phone: string | null;
  /** HMAC of the code under the server secret; never the code itself. */
  code_hash: string | null;
  code_expires_at: string | null;
  code_attempts: number;
  last_sent_at: string | null;
  sends_window_start: string | null;
  sends_in_window: number;
  updated_at: string;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  created_at: string;
  read_at: string | null;
}

/** Browser family + operating system ("Chrome|Linux") of each device a user signed in from. */
export interface KnownDevicesTable {
  user_id: string;
  device_key: string;
  first_seen_at: string;
}

/** One visible object of the storage API (0004_storage). Its bytes are the blob at blob_key. */
export interface StorageObjectsTable {
  id: string;
  user_id: string;
  bucket: string;
  full_path: string;
  document_id: string | null;
  blob_key: string;
  /** bigint: PostgreSQL's driver returns it as a string, SQLite as a number; repos convert. */
  size: number | string;
  generation: string;
  metageneration: number;
  md5_hash: string;
  content_type: string;
  cache_control: string | null;
  content_disposition: string | null;
  content_encoding: string | null;
  content_language: string | null;
  /** JSON object of strings. */
  custom_metadata: string;
  download_token: string;
  time_created: string;
  updated: string;
}

/** A row per user whose uploads commit; updating it serializes that user's commits (quota checks). */
export interface StorageLocksTable {
  user_id: string;
  updated_at: string;
  /** Changes to the user's objects so far (0013_storage_listing_version); bigint, so a string on PostgreSQL. */
  version: Generated<number | string>;
}

/** A person an owner invited as a legacy contact (0008_legacy_contacts). */
export interface LegacyContactsTable {
  id: string;
  owner_id: string;
  /** The invited address, trimmed and lower-cased. */
  email: string;
  /** Sealed in the owner's browser (name and relationship); never read here. */
  details: string;
  /** The account that accepted; null until then (and after that account is deleted). */
  contact_user_id: string | null;
  /** "expired" is not stored: it is an invited row past expires_at, derived on read. */
  state: LegacyContactState;
  /** SHA-256 hex of the live invitation token; null once answered or withdrawn. */
  token_hash: string | null;
  /** SHA-256 hex of the last token of an answered or withdrawn invitation: it can only be viewed. */
  spent_token_hash: string | null;
  invited_at: string;
  expires_at: string;
  last_sent_at: string;
  sends_window_start: string;
  sends_in_window: number;
  accepted_at: string | null;
  confirmed_at: string | null;
  declined_at: string | null;
  revoked_at: string | null;
  left_at: string | null;
  /** SHA-256 hex of the contact's public key (SPKI DER) the owner compared. */
  confirmed_fingerprint: string | null;
  /** The owner's signature over the confirmation (base64), made in the browser. */
  confirmation_signature: string | null;
  /** The fingerprint of the changed key the owner was last notified about. */
  key_change_notified_for: string | null;
  updated_at: string;
}

/** A plan: what goes to whom, and when (0009_legacy_plans). */
export interface LegacyPlansTable {
  id: string;
  owner_id: string;
  /** Sealed in the owner's browser (name, label rules); never read here. */
  details: string;
  trigger: "shareNow" | "missedCheckIn" | "request";
  grace_days: number | null;
  waiting_days: number | null;
  trustees_required: number | null;
  time_limit_days: number | null;
  state: "active" | "released";
  version: number;
  created_at: string;
  updated_at: string;
  released_at: string | null;
  /** 0010_release_engine: where the trigger is (services/legacy-engine.ts). */
  phase: Generated<PlanPhase>;
  engine_rev: Generated<number>;
  due_at: string | null;
  cycle_start_at: string | null;
  request_due_at: string | null;
  release_ends_at: string | null;
  fired_at: string | null;
  /** 0016: how many history rows the plan has, and the newest one's id (the chain's head: ADR 063). */
  history_seq: Generated<number>;
  history_head: string | null;
}

/** 0010_release_engine: a plan's history. 0016 (ADR 063): appended, and chained from the plan's history_head through prev_id. */
export interface LegacyPlanEventsTable {
  id: string;
  plan_id: string;
  seq: number;
  /** The row before this one in its plan's history; null for its first. */
  prev_id: string | null;
  at: string;
  from_phase: PlanPhase;
  to_phase: PlanPhase;
  reason: string;
  contact_id: string | null;
}

export interface LegacyPlanRequestsTable {
  id: string;
  plan_id: string;
  contact_id: string;
  reason_sealed: string | null;
  reason_dek: string | null;
  requested_at: string;
  due_at: string;
  outcome: "refused" | "released" | "cancelled" | null;
  ended_at: string | null;
}

export interface LegacyPlanTrusteeAnswersTable {
  plan_id: string;
  contact_id: string;
  fired_at: string;
  answer: "yes" | "no";
  answered_at: string;
}

export interface SweepLeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

export interface LegacyPlanTrusteesTable {
  plan_id: string;
  contact_id: string;
}

export interface LegacyPlanItemsTable {
  plan_id: string;
  kind: "document";
  item_id: string;
  added_at: string;
}

/** A recipient of a plan, their letter, the statement signed for them and their release grant. */
export interface LegacyPlanRecipientsTable {
  plan_id: string;
  contact_id: string;
  added_at: string;
  letter_id: string | null;
  letter_sealed: string | null;
  letter_owner_dek: string | null;
  letter_updated_at: string | null;
  statement: string | null;
  statement_signature: string | null;
  statement_version: number | null;
  statement_fingerprint: string | null;
  statement_signed_at: string | null;
  /** The release grant: set when the plan is released to this recipient. */
  released_at: string | null;
  release_ends_at: string | null;
  release_notified_at: string | null;
  /** 0010_release_engine: when the owner last refused this recipient's request. */
  last_refused_at: Generated<string | null>;
}

export interface LegacyWrapsTable {
  plan_id: string;
  contact_id: string;
  kind: "document" | "letter";
  item_id: string;
  wrapped_dek: string;
  key_fingerprint: string;
  created_at: string;
}

export interface LegacyDrillsTable {
  id: string;
  plan_id: string;
  contact_id: string;
  sealed: string;
  wrapped_dek: string;
  key_fingerprint: string;
  statement: string;
  statement_signature: string;
  created_at: string;
  expires_at: string;
}
