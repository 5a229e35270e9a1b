import path from "node:path";
import {
  defaultMaxObjectBytes,
  defaultStorageBucket,
  type SocialProviderId,
  socialProviderIds,
} from "@heirloom/contract";
import { z } from "zod";
import { type StorageTier, storageQuotas, type TierQuota } from "./storage/quotas.ts";

const portSchema = z.coerce.number().int().min(0).max(65_535);
const boolFromEnv = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/**
 * Every environment variable the server reads, with its default. The README's configuration table mirrors this.
 * Parsed once at boot; an invalid value stops the server with a message naming the variable.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: portSchema.default(8080),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().min(1).optional(),
  BLOB_STORE: z.enum(["fs", "s3"]).default("fs"),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: boolFromEnv.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: boolFromEnv.default(false),
  RATE_LIMIT_CONTACT_PER_HOUR: z.coerce.number().int().min(1).default(5),
  SECRET_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Heirloom <no-reply@heirloom.local>"),
  DEV_MAILBOX: boolFromEnv.optional(),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email("must be a comma-separated list of email addresses"))),
  STORAGE_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/, "must be a bucket name (a-z 0-9 . _ -)")
    .default(defaultStorageBucket),
  STORAGE_MAX_OBJECT_BYTES: z.coerce.number().int().min(1).default(defaultMaxObjectBytes),
  STORAGE_FREE_BYTES: z.coerce.number().int().min(1).default(storageQuotas.free.bytes),
  STORAGE_FREE_DOCUMENTS: z.coerce.number().int().min(1).optional(),
  STORAGE_PREMIUM_BYTES: z.coerce.number().int().min(1).default(storageQuotas.premium.bytes),
  ...socialEnv("GOOGLE"),
  ...socialEnv("APPLE"),
  ...socialEnv("MICROSOFT"),
  ...socialEnv("GITHUB"),
});

/** SOCIAL_<P>_CLIENT_ID, _CLIENT_SECRET and _DISCOVERY_URL for one provider. */
function socialEnv<P extends string>(provider: P) {
  return {
    [`SOCIAL_${provider}_CLIENT_ID`]: z.string().min(1).optional(),
    [`SOCIAL_${provider}_CLIENT_SECRET`]: z.string().min(1).optional(),
    [`SOCIAL_${provider}_DISCOVERY_URL`]: z.url().optional(),
  } as Record<`SOCIAL_${P}_${"CLIENT_ID" | "CLIENT_SECRET" | "DISCOVERY_URL"}`, z.ZodOptional<z.ZodString>>;
}

export interface SocialProviderConfig {
  id: SocialProviderId;
  clientId: string;
  clientSecret: string;
  /** OpenID Connect discovery document; undefined for GitHub's plain OAuth 2 endpoints. */
  discoveryUrl: string | undefined;
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export interface AppConfig {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  publicUrl: string | undefined;
  dataDir: string;
  databaseUrl: string;
  blobStore: { kind: "fs"; root: string } | { kind: "s3"; s3: S3Config };
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  trustProxy: boolean;
  rateLimits: { contactPerHour: number };
  /** SECRET_KEY, or undefined to use (and create) the one kept in DATA_DIR. Never logged. */
  secretKey: string | undefined;
  mail: {
    /** smtp:// or smtps:// URL; undefined writes messages to DATA_DIR/outbox instead. Never logged. */
    smtpUrl: string | undefined;
    from: string;
    /** GET /api/dev/mailbox lists the outbox (on by default only when there is no SMTP server). */
    devMailbox: "off" | "local" | "on";
    outboxDir: string;
  };
  /** Social sign-in providers that are configured (client id and secret both set). */
  social: SocialProviderConfig[];
  /** Who may write and publish articles and guides (ADMIN_EMAILS), lowercased. */
  adminEmails: string[];
  /** Where the built web app lives (apps/web/build). */
  webBuildDir: string;
  /** The storage API: its one bucket, the largest object it takes, and the quota of each tier (storage/quotas.ts). */
  storage: { bucket: string; maxObjectBytes: number; quotas: Record<StorageTier, TierQuota> };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  let blobStore: AppConfig["blobStore"];
  if (e.BLOB_STORE === "s3") {
    if (!e.S3_BUCKET)
      throw new ConfigError("Invalid configuration:\n  S3_BUCKET: required when BLOB_STORE=s3");
    blobStore = {
      kind: "s3",
      s3: {
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      },
    };
  } else {
    blobStore = { kind: "fs", root: path.join(dataDir, "blobs") };
  }
  const databaseUrl = e.DATABASE_URL ?? `sqlite://${path.join(dataDir, "heirloom.sqlite")}`;
  if (!/^(sqlite:|postgres(ql)?:)/.test(databaseUrl)) {
    throw new ConfigError("Invalid configuration:\n  DATABASE_URL: must start with sqlite:// or postgres://");
  }
  const social: SocialProviderConfig[] = [];
  for (const id of socialProviderIds) {
    const prefix = `SOCIAL_${id.toUpperCase()}` as const;
    const clientId = e[`${prefix}_CLIENT_ID` as keyof typeof e] as string | undefined;
    const clientSecret = e[`${prefix}_CLIENT_SECRET` as keyof typeof e] as string | undefined;
    const discoveryUrl = e[`${prefix}_DISCOVERY_URL` as keyof typeof e] as string | undefined;
    if (!clientId && !clientSecret) continue;
    if (!clientId || !clientSecret) {
      throw new ConfigError(
        `Invalid configuration:\n  ${prefix}_${clientId ? "CLIENT_SECRET" : "CLIENT_ID"}: required when ${prefix}_${clientId ? "CLIENT_ID" : "CLIENT_SECRET"} is set`,
      );
    }
    social.push({ id, clientId, clientSecret, discoveryUrl: discoveryUrl ?? defaultDiscoveryUrls[id] });
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL,
    dataDir,
    databaseUrl,
    blobStore,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimits: { contactPerHour: e.RATE_LIMIT_CONTACT_PER_HOUR },
    secretKey: e.SECRET_KEY,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      // Unset: on for this computer only (a direct loopback connection), so `npm start` can show the mail it
      // would have sent, while a server reachable from elsewhere never hands out other people's links.
      devMailbox:
        e.DEV_MAILBOX === undefined
          ? e.SMTP_URL === undefined
            ? "local"
            : "off"
          : e.DEV_MAILBOX
            ? "on"
            : "off",
      outboxDir: path.join(dataDir, "outbox"),
    },
    social,
    adminEmails: e.ADMIN_EMAILS,
    webBuildDir: path.resolve(import.meta.dirname, "../../web/build"),
    storage: {
      bucket: e.STORAGE_BUCKET,
      maxObjectBytes: e.STORAGE_MAX_OBJECT_BYTES,
      quotas: {
        free: {
          bytes: e.STORAGE_FREE_BYTES,
          documents: e.STORAGE_FREE_DOCUMENTS ?? storageQuotas.free.documents,
        },
        premium: { bytes: e.STORAGE_PREMIUM_BYTES, documents: storageQuotas.premium.documents },
      },
    },
  };
}

/** The providers' real discovery documents (GitHub has none: it speaks plain OAuth 2, see auth/social.ts). */
const defaultDiscoveryUrls: Record<SocialProviderId, string | undefined> = {
  google: "https://accounts.google.com/.well-known/openid-configuration",
  apple: "https://appleid.apple.com/.well-known/openid-configuration",
  microsoft: "https://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration",
  github: undefined,
};
