import type { z } from "zod";
import type { ErrorCode } from "./errors.ts";

// One row of the operations table (api-operations.ts) and the helpers its rows are written with.

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A schema with the name it has in the document's components. */
export interface NamedSchema<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly schema: S;
}
export const named = <S extends z.ZodType>(name: string, schema: S): NamedSchema<S> => ({ name, schema });

export interface ApiResponse<S extends z.ZodType = z.ZodType> {
  readonly status: number;
  readonly description: string;
  /** A JSON body; none for 204 and redirects. */
  readonly json?: NamedSchema<S>;
  /** Raw bytes (application/octet-stream). */
  readonly binary?: true;
}

/** Who may call: anyone; a signed-in user (401 otherwise); an admin (ADMIN_EMAILS, 403 for others). */
export type ApiAccess = "public" | "session" | "admin" | "optional-session";

export interface ApiOperation {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** The path as the server registers it (Fastify syntax: `:name` parameters, a trailing `*` for `{path}`). */
  readonly path: string;
  readonly tag: ApiTag;
  readonly summary: string;
  readonly description?: string;
  /** The call of SPEC.md section 7 this operation implements, when it implements one. */
  readonly specCall?: string;
  readonly access: ApiAccess;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  /** A JSON request body. */
  readonly body?: NamedSchema;
  /** A request body that is not JSON (the storage upload). */
  readonly rawBody?: { readonly contentType: string; readonly description: string };
  /** The successful answers, the usual one first. */
  readonly responses: readonly ApiResponse[];
  /** The error codes it can answer with (errors.ts errorStatus gives each one's status), in our error body. */
  readonly errors: readonly ErrorCode[];
  /** better-auth's endpoints: answered by better-auth, errors in its own body with these statuses. */
  readonly betterAuth?: { readonly errorStatuses: readonly number[] };
}

export const apiTags = {
  health: "Liveness and readiness.",
  docs: "This document.",
  contact: "The public contact form.",
  auth: "better-auth's endpoints (sign-up, sign-in, sessions, email verification, password reset, two-factor, social sign-in), mounted under /api/auth. better-auth owns them: it validates their bodies and answers errors as { code, message }.",
  account:
    "The signed-in user's account, keys and vault credentials (SPEC.md section 7 createaccount, getUserSalt, saveUserKeys, deleteUserData).",
  profile:
    "The signed-in user's profile, preferences, activity and data (SPEC.md section 7 userhandle, logActivity).",
  phone: "The mobile number for texts (contact preferences).",
  notifications: "In-app notifications of account events.",
  legacy:
    "Legacy contacts: invitations by email, accepting and declining them, and the owner's confirmation after comparing fingerprint phrases.",
  analytics: "First-party page-view counts: a path and a day, no cookie, user id or address (ADR 041).",
  admin: "The articles editor and the page-view chart (admins only).",
  storage: "The storage API: Firebase Storage REST v0 conventions on our own server (docs/storage-api.md).",
  dev: "Development helpers, off in production.",
} as const;
export type ApiTag = keyof typeof apiTags;

export const ok = <S extends z.ZodType>(
  json: NamedSchema<S>,
  description = "OK",
): [{ status: 200; description: string; json: NamedSchema<S> }] => [{ status: 200, description, json }];
export const noContent = (description = "Done."): [{ status: 204; description: string }] => [
  { status: 204, description },
];

/**
 * Writes one row of the table, keeping its literal types (id, method, path, schemas) for the typed client
 * (apps/web/app/lib/api-client.ts) and the server's route helper (apps/server/src/routes/operation-route.ts).
 */
export const operation = <const T extends ApiOperation>(row: T): T => row;

/** What a successful call answers: the parsed JSON of the first response that has a body, or nothing. */
export type OperationResult<O extends ApiOperation> = O["responses"][number] extends infer R
  ? R extends { json: NamedSchema<infer S> }
    ? z.output<S>
    : undefined
  : never;

/** What a call takes: its path parameters, query and JSON body, each as its schema's input (an all-optional query may be left out). */
export type OperationInput<O extends ApiOperation> = (O extends { params: infer P extends z.ZodType }
  ? { params: z.input<P> }
  : unknown) &
  (O extends { query: infer Q extends z.ZodType }
    ? object extends z.input<Q>
      ? { query?: z.input<Q> }
      : { query: z.input<Q> }
    : unknown) &
  (O extends { body: NamedSchema<infer B> } ? { body: z.input<B> } : unknown);
