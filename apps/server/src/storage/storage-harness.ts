import { readdirSync } from "node:fs";
import path from "node:path";
import { storageRoutes } from "@heirloom/contract";
import type { FastifyInstance } from "fastify";
import type { Client } from "../testing/app-harness.ts";

/** Test-only helpers for the storage API: multipart bodies as the Firebase SDK builds them, and calls as a browser. */

export const bucket = "heirloom";

export interface MultipartOptions {
  boundary?: string;
  kind?: "related" | "form-data";
  dataType?: string;
}

/** The two-part upload body: JSON metadata, then the bytes. */
export function multipartBody(metadata: unknown, bytes: Uint8Array, options: MultipartOptions = {}) {
  const boundary = options.boundary ?? `boundary${Math.random().toString(16).slice(2)}`;
  const metadataText = typeof metadata === "string" ? metadata : JSON.stringify(metadata);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${metadataText}\r\n` +
        `--${boundary}\r\nContent-Type: ${options.dataType ?? "application/octet-stream"}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/${options.kind ?? "related"}; boundary=${boundary}` };
}

/** Sends a request as `client` (its session cookie and Origin), or anonymously when client is undefined. */
export async function call(
  app: FastifyInstance,
  client: Client | undefined,
  method: "GET" | "POST" | "DELETE",
  url: string,
  options: { headers?: Record<string, string>; payload?: Buffer | string } = {},
) {
  return app.inject({
    method,
    url,
    headers: {
      ...(client ? { origin: "http://localhost", cookie: client.cookieHeader() } : {}),
      ...options.headers,
    },
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
  });
}

export async function upload(
  app: FastifyInstance,
  client: Client | undefined,
  fullPath: string,
  bytes: Uint8Array,
  metadata: Record<string, unknown> = {},
  options: MultipartOptions = {},
) {
  const { body, contentType } = multipartBody(metadata, bytes, options);
  return call(app, client, "POST", `${storageRoutes.objects(bucket)}?name=${encodeURIComponent(fullPath)}`, {
    headers: { "content-type": contentType },
    payload: body,
  });
}

export const objectUrl = (fullPath: string, query = "") =>
  `${storageRoutes.object(bucket, fullPath)}${query}`;
export const listUrl = (query: Record<string, string>) =>
  `${storageRoutes.objects(bucket)}?${new URLSearchParams(query).toString()}`;

/** Every file under a folder (temporary files too), as paths relative to it. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

/** Deterministic bytes that are not all one value, so ranges and hashes mean something. */
export function patternBytes(size: number, seed = 7): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed) & 0xff;
  return bytes;
}
