import { isIP } from "node:net";
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
  PUBLIC_URL: z.string().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().min(1).optional(),
  BLOB_STORE: z.enum(["fs", "s3"]).default("fs"),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: boolFromEnv.default(false),
  TEST_CLOCK: boolFromEnv.default(false),
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.string().default("false"),
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
  /**
   * The origin every absolute link is built from (mail, redirects): PUBLIC_URL, or http://localhost:PORT when unset.
   * Never taken from a request's Host header, which whoever sends the request chooses.
   */
  publicUrl: string;
  /** PUBLIC_URL was unset: the loopback addresses of this port are our own origin too (`npm start` on one machine). */
  publicUrlIsDefault: boolean;
  dataDir: string;
  databaseUrl: string;
  blobStore: { kind: "fs"; root: string } | { kind: "s3"; s3: S3Config };
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /** Which proxies' X-Forwarded-* headers to believe (TRUST_PROXY): none, a hop count, or addresses (proxy-addr). */
  trustProxy: TrustProxy;
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
  /**
   * TEST_CLOCK: the legacy services read a clock that tests move through POST /api/test/clock. Refused unless
   * PUBLIC_URL is this machine (a production configuration names a public origin).
   */
  testClock: boolean;
  /** How often each server runs the legacy sweep (SWEEP_INTERVAL_SECONDS; 0 turns the loop off, `npm run sweep`). */
  sweepIntervalMs: number;
  /** The storage API: its one bucket, the largest object it takes, and the quota of each tier (storage/quotas.ts). */
  storage: { bucket: string; maxObjectBytes: number; quotas: Record<StorageTier, TierQuota> };
}

/**
 * false: no proxy, the socket's peer is the client. A number n: n proxies stand in front; the client address is the one
 * the nearest of them appended to X-Forwarded-For (counting from the right), never the leftmost, which the client
 * writes itself. Addresses: the proxies' own addresses or CIDR ranges (or proxy-addr's names loopback, linklocal,
 * uniquelocal).
 */
export type TrustProxy = false | number | string[];

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
    if (!e.S3_BUCKET) throw invalid("S3_BUCKET", "required when BLOB_STORE=s3");
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
  const publicUrl = parsePublicUrl(e.PUBLIC_URL, e.PORT);
  if (e.TEST_CLOCK && !["localhost", "127.0.0.1", "[::1]"].includes(new URL(publicUrl).hostname))
    throw invalid(
      "TEST_CLOCK",
      `is a test-only setting and is refused with a public PUBLIC_URL (${publicUrl}): remove TEST_CLOCK`,
    );
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const databaseUrl = e.DATABASE_URL ?? `sqlite://${path.join(dataDir, "heirloom.sqlite")}`;
  if (!/^(sqlite:|postgres(ql)?:)/.test(databaseUrl)) {
    throw invalid("DATABASE_URL", "must start with sqlite:// or postgres://");
  }
  const social: SocialProviderConfig[] = [];
  for (const id of socialProviderIds) {
    const prefix = `SOCIAL_${id.toUpperCase()}` as const;
    const clientId = e[`${prefix}_CLIENT_ID` as keyof typeof e] as string | undefined;
    const clientSecret = e[`${prefix}_CLIENT_SECRET` as keyof typeof e] as string | undefined;
    const discoveryUrl = e[`${prefix}_DISCOVERY_URL` as keyof typeof e] as string | undefined;
    if (!clientId && !clientSecret) continue;
    if (!clientId || !clientSecret) {
      const [missing, set] = clientId ? ["CLIENT_SECRET", "CLIENT_ID"] : ["CLIENT_ID", "CLIENT_SECRET"];
      throw invalid(`${prefix}_${missing}`, `required when ${prefix}_${set} is set`);
    }
    social.push({ id, clientId, clientSecret, discoveryUrl: discoveryUrl ?? defaultDiscoveryUrls[id] });
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    publicUrlIsDefault: e.PUBLIC_URL === undefined,
    dataDir,
    databaseUrl,
    blobStore,
    logLevel: e.LOG_LEVEL,
    trustProxy,
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
    testClock: e.TEST_CLOCK,
    sweepIntervalMs: e.SWEEP_INTERVAL_SECONDS * 1000,
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

const invalid = (variable: string, message: string) =>
  new ConfigError(`Invalid configuration:\n  ${variable}: ${message}`);

/** PUBLIC_URL as a bare origin ("https://vault.example.com"), or this machine's own address when unset. */
function parsePublicUrl(value: string | undefined, port: number): string {
  if (value === undefined) return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid("PUBLIC_URL", "must be an absolute http(s) origin such as https://vault.example.com");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw invalid("PUBLIC_URL", "must start with http:// or https://");
  if (url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== ""))
    throw invalid(
      "PUBLIC_URL",
      `must be an origin only (scheme, host and port), without a path, query or credentials: try ${url.origin}`,
    );
  return url.origin;
}

const proxyNames = new Set(["loopback", "linklocal", "uniquelocal"]);

/** TRUST_PROXY: false, a hop count, or a comma-separated list of proxy addresses and CIDR ranges. */
function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim().toLowerCase();
  if (text === "false" || text === "0" || text === "") return false;
  if (text === "true")
    throw invalid(
      "TRUST_PROXY",
      "say how many proxies stand in front of the server (for example 1) or list their addresses; " +
        "true would believe whatever address a client writes into X-Forwarded-For",
    );
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw invalid("TRUST_PROXY", "more than 10 proxies in a row is not a setup we support");
    return hops;
  }
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (proxyNames.has(entry)) continue;
    const [address, bits, extra] = entry.split("/");
    const family = isIP(address ?? "");
    const maxBits = family === 4 ? 32 : 128;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !bitsOk || extra !== undefined)
      throw invalid(
        "TRUST_PROXY",
        `"${entry}" is not an IP address or CIDR range; use false, a number of proxies, or addresses such as 10.0.0.0/8`,
      );
  }
  return entries;
}

/** The providers' real discovery documents (GitHub has none: it speaks plain OAuth 2, see auth/social.ts). */
const defaultDiscoveryUrls: Record<SocialProviderId, string | undefined> = {
  google: "https://accounts.google.com/.well-known/openid-configuration",
  apple: "https://appleid.apple.com/.well-known/openid-configuration",
  microsoft: "https://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration",
  github: undefined,
};
