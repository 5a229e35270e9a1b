import type { ArticleKind } from "@heirloom/contract";

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

export interface DatabaseSchema {
  articles: ArticlesTable;
  contact_messages: ContactMessagesTable;
  user_errors: UserErrorsTable;
}
