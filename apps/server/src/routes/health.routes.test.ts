import type { HealthResponse } from "@heirloom/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import type { BlobStore } from "../blobs/blob-store.ts";
import { openDatabase } from "../db/database.ts";
import { healthFreshMs, registerHealthRoutes } from "./health.routes.ts";
import type { OperationRoute } from "./operation-route.ts";

describe("the health check", async () => {
  const database = await openDatabase("sqlite::memory:");
  afterAll(() => database.close());
  let checks = 0;
  let finishCheck: (error?: Error) => void = () => {};
  const blobs = {
    check: () => {
      checks++;
      return new Promise<void>((resolve, reject) => {
        finishCheck = (error) => (error ? reject(error) : resolve());
      });
    },
  } as unknown as BlobStore;
  let handler: (call: { request: FastifyRequest; reply: FastifyReply }) => Promise<HealthResponse>;
  let clock = 0;
  registerHealthRoutes(
    ((_row: unknown, ...rest: unknown[]) => {
      handler = rest.at(-1) as typeof handler;
    }) as unknown as OperationRoute,
    { database, blobs, now: () => clock },
  );
  const statuses: number[] = [];
  const call = () =>
    handler({
      request: { log: { error() {} } } as unknown as FastifyRequest,
      reply: {
        code(status: number) {
          statuses.push(status);
          return this;
        },
        header() {
          return this;
        },
      } as unknown as FastifyReply,
    });

  it("answers requests that arrive during a check, or within a second after it, with that check; then starts a new one", async () => {
    const during = [call(), call(), call()];
    await new Promise((resolve) => setTimeout(resolve, 10));
    finishCheck();
    expect(await Promise.all(during)).toEqual(
      Array(3).fill({ status: "ok", checks: { database: "ok", blobStore: "ok" } }),
    );
    expect(checks).toBe(1);

    // Just under a second later, the same answer, without a check.
    clock += healthFreshMs - 1;
    expect(await call()).toEqual({ status: "ok", checks: { database: "ok", blobStore: "ok" } });
    expect(checks).toBe(1);

    // A second after it finished, a new check, whose failure is what the next requests hear.
    clock += 1;
    const after = call();
    await new Promise((resolve) => setTimeout(resolve, 10));
    finishCheck(new Error("disk gone"));
    expect(await after).toEqual({ status: "degraded", checks: { database: "ok", blobStore: "failing" } });
    expect(checks).toBe(2);
    expect(await call()).toEqual({ status: "degraded", checks: { database: "ok", blobStore: "failing" } });
    expect(checks).toBe(2);
    expect(statuses).toEqual([200, 200, 200, 200, 503, 503]);
  });
});
