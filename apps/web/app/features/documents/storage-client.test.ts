import { afterEach, describe, expect, it, vi } from "vitest";
import { downloadObjectInto, uploadObject } from "./storage-client.ts";
import { describeStorageError, isRetryable, retryLimitError, StorageError } from "./storage-error.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A body that arrives in small pieces, as from the network. */
function piecewise(bytes: Uint8Array, piece = 1000): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    type: "bytes",
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        // A byte source completes a pending BYOB read after closing by responding with 0 bytes (as fetch does).
        controller.byobRequest?.respond(0);
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + piece));
      offset += piece;
    },
  });
}

const serve = (body: () => BodyInit, status = 200) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body(), { status })),
  );

describe("downloadObjectInto", () => {
  const object = new Uint8Array(10_028).map((_, i) => i % 251);

  it("fills the reused buffer with the object's bytes, however they arrive", async () => {
    serve(() => piecewise(object));
    const buffer = new Uint8Array(12_000);
    const view = await downloadObjectInto("users/u/documents/d/v1/chunks/00000000", buffer);
    expect(view.length).toBe(object.length);
    expect(view).toEqual(object);
  });

  it("refuses an object larger than the buffer instead of overrunning it", async () => {
    serve(() => piecewise(object));
    await expect(downloadObjectInto("p", new Uint8Array(10_000))).rejects.toMatchObject({
      code: "storage/server-file-wrong-size",
    });
  });

  it("passes on the server's storage error", async () => {
    serve(
      () =>
        JSON.stringify({
          error: { code: "storage/object-not-found", message: "Object 'p' does not exist.", requestId: "r" },
        }),
      404,
    );
    const failure = downloadObjectInto("p", new Uint8Array(10));
    await expect(failure).rejects.toMatchObject({ code: "storage/object-not-found", status: 404 });
    await expect(failure.catch(isRetryable)).resolves.toBe(false);
  });
});

describe("uploadObject", () => {
  it("sends a two-part multipart body with the exact size, and nothing but ids and octet-stream", async () => {
    const sent: { url: string; type: string; body: string }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({
          url,
          type: new Headers(init.headers).get("content-type") ?? "",
          body: await (init.body as Blob).text(),
        });
        return new Response(
          JSON.stringify({
            bucket: "heirloom",
            generation: "1",
            metageneration: "1",
            name: "00000000",
            fullPath: "users/u/documents/d/v1/chunks/00000000",
            size: 5,
            timeCreated: "2026-11-23T00:00:00.000Z",
            updated: "2026-11-23T00:00:00.000Z",
            md5Hash: "x",
            contentType: "application/octet-stream",
            customMetadata: {},
            downloadTokens: [],
          }),
        );
      }),
    );
    const encoder = new TextEncoder();
    await uploadObject("users/u/documents/d/v1/chunks/00000000", [
      encoder.encode("ab"),
      encoder.encode("cde"),
    ]);
    const [request] = sent;
    expect(request?.url).toBe("/v0/b/heirloom/o?name=users%2Fu%2Fdocuments%2Fd%2Fv1%2Fchunks%2F00000000");
    const boundary = /boundary=(.+)$/.exec(request?.type ?? "")?.[1];
    expect(request?.type.startsWith("multipart/related")).toBe(true);
    expect(request?.body).toBe(
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{"size":5,"contentType":"application/octet-stream"}\r\n--${boundary}\r\nContent-Type: application/octet-stream\r\n\r\nabcde\r\n--${boundary}--\r\n`,
    );
  });
});

describe("error messages", () => {
  it("say what happened and what to do next", () => {
    const quota = new StorageError(
      "storage/quota-exceeded",
      "Quota exceeded: your plan holds at most 200 documents.",
      402,
    );
    expect(describeStorageError(quota)).toBe(
      "Quota exceeded: your plan holds at most 200 documents. Delete documents you no longer need, or upgrade your plan.",
    );
    expect(describeStorageError(retryLimitError())).toBe(
      "Max retry time for operation exceeded, please try again. Check your connection, then choose Retry: stored parts are not sent again.",
    );
    expect(isRetryable(new StorageError("storage/internal-error", "x", 503))).toBe(true);
    expect(isRetryable(quota)).toBe(false);
  });
});
