import { apiRoutes } from "@heirloom/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { originOf, randomKey, startTestApp, type TestApp } from "../testing/app-harness.ts";
import { preliminaryChecksPerHour } from "./account.routes.ts";

/**
 * Behind one proxy (TRUST_PROXY=1) the client is the address that proxy appended to X-Forwarded-For, the rightmost;
 * whatever the client wrote before it is not believed, so rotating it does not escape a per-address limit.
 */
describe("per-address limits behind one trusted proxy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("sqlite", { TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await t?.close();
  });

  let spoof = 0;
  /** The same client behind the proxy at 10.0.0.2, writing a new address of its own choosing every time. */
  const viaProxy = (url: string, body: unknown) =>
    t.app.inject({
      method: "POST",
      url,
      remoteAddress: "10.0.0.2",
      headers: {
        origin: originOf(t.app),
        "content-type": "application/json",
        "x-forwarded-for": `192.0.2.${++spoof % 250}, 203.0.113.77`,
      },
      payload: JSON.stringify(body),
    });

  it("better-auth's sign-in limit (10 a minute) holds when X-Forwarded-For rotates", async () => {
    const answers = [];
    for (let i = 0; i < 12; i++) {
      answers.push(
        await viaProxy("/api/auth/sign-in/email", { email: `x${i}@example.com`, password: randomKey() }),
      );
    }
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // The wait is told, in the error body and the Retry-After header.
    const wait = answers[11]?.json().error.retryAfterSeconds;
    expect(wait).toBeGreaterThan(0);
    expect(answers[11]?.headers["retry-after"]).toBe(String(wait));
  });

  it("our own per-address limits hold too (the preliminary check: 20 an hour)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= preliminaryChecksPerHour; i++) {
      statuses.push(
        (
          await viaProxy(apiRoutes.preliminaryCheck, {
            email: `y${i}@example.com`,
            name: "Y",
            accType: "individual",
          })
        ).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, preliminaryChecksPerHour)).not.toContain(429);
  });
});
