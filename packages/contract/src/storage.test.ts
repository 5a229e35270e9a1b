import { describe, expect, it } from "vitest";
import { errorStatus } from "./errors.ts";
import {
  objectMetadataSchema,
  storageClientErrorCodes,
  storageErrorStatus,
  storageMessages,
  storageRoutes,
  uploadMetadataSchema,
} from "./storage.ts";

// SPEC.md section 8, "Storage (codes prefixed storage/)", in its order.
const specCodes = [
  "unknown",
  "object-not-found",
  "bucket-not-found",
  "quota-exceeded",
  "unauthenticated",
  "unauthorized",
  "unauthorized-app",
  "retry-limit-exceeded",
  "canceled",
  "invalid-url",
  "invalid-default-bucket",
  "no-default-bucket",
  "invalid-argument",
  "app-deleted",
  "invalid-root-operation",
  "invalid-format",
  "internal-error",
  "unsupported-environment",
  "cannot-slice-blob",
  "no-download-url",
  "server-file-wrong-size",
].map((code) => `storage/${code}`);

describe("storage contract", () => {
  it("knows every storage code of SPEC, each raised by exactly one side", () => {
    const server = Object.keys(storageErrorStatus);
    expect([...server, ...storageClientErrorCodes].sort()).toEqual([...specCodes].sort());
    expect(server.filter((code) => (storageClientErrorCodes as readonly string[]).includes(code))).toEqual(
      [],
    );
  });

  it("answers with SPEC's statuses, through the one error table", () => {
    expect(errorStatus["storage/quota-exceeded"]).toBe(402);
    expect(errorStatus["storage/unauthenticated"]).toBe(401);
    expect(errorStatus["storage/unauthorized"]).toBe(403);
    expect(errorStatus["storage/unauthorized-app"]).toBe(401);
    expect(errorStatus["storage/object-not-found"]).toBe(404);
    expect(storageMessages.unauthorized("users/u/x")).toBe(
      "User does not have permission to access 'users/u/x'.",
    );
  });

  it("encodes an object path as one URL segment", () => {
    expect(storageRoutes.object("heirloom", "users/u 1/a+b?.bin")).toBe(
      "/v0/b/heirloom/o/users%2Fu%201%2Fa%2Bb%3F.bin",
    );
  });

  it("accepts Firebase's metadata spellings and refuses wrong types", () => {
    expect(uploadMetadataSchema.parse({ size: "42", metadata: { a: "b" } })).toEqual({
      size: "42",
      metadata: { a: "b" },
    });
    expect(uploadMetadataSchema.safeParse({ size: -1 }).success).toBe(false);
    expect(uploadMetadataSchema.safeParse({ customMetadata: { a: 1 } }).success).toBe(false);
    expect(uploadMetadataSchema.safeParse({ md5Hash: "not base64 md5" }).success).toBe(false);
    expect(objectMetadataSchema.safeParse({ bucket: "heirloom" }).success).toBe(false);
  });
});
