import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { storageRoutes } from "@heirloom/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, startTestApp, type TestApp } from "../testing/app-harness.ts";
import { bucket } from "./storage-harness.ts";

// A person who cancels an upload closes the connection in the middle of the body. That is a normal event: the
// server logs it as one line at info level, never as an error with a stack trace.

describe("a cancelled upload", () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await startTestApp(
      "sqlite",
      { LOG_LEVEL: "info" },
      { logStream: { write: (line) => void lines.push(JSON.parse(line)) } },
    );
    await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is logged as a cancellation, not as an error", async () => {
    const user = await signUp(t.app);
    const { port } = t.app.server.address() as AddressInfo;
    const path = `users/${user.userId}/documents/doc-1/v1/chunks/00000000`;
    const boundary = "cancelboundary";
    const head =
      `--${boundary}\r\nContent-Type: application/json\r\n\r\n{}\r\n` +
      `--${boundary}\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      `POST ${storageRoutes.objects(bucket)}?name=${encodeURIComponent(path)} HTTP/1.1\r\n` +
        "Host: localhost:8080\r\n" +
        "Origin: http://localhost:8080\r\n" +
        `Cookie: ${user.client.cookieHeader()}\r\n` +
        `Content-Type: multipart/related; boundary=${boundary}\r\n` +
        "Content-Length: 1000000\r\n\r\n" +
        head +
        "x".repeat(50_000),
    );
    // The bytes are being stored; then the person presses Cancel.
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.destroy();
    // Everything the server logs about that request, once it has finished with it.
    const upload = () => {
      const started = lines.find(
        (line) =>
          line.msg === "incoming request" && String((line.req as { url?: string })?.url).includes("chunks"),
      );
      return lines.filter((line) => started && line.reqId === started.reqId && line !== started);
    };
    await expect.poll(() => upload().length, { timeout: 10_000 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(upload().filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(lines.some((line) => line.msg === "upload cancelled")).toBe(true);
  });
});
