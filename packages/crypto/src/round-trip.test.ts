import { beforeAll, describe, test } from "vitest";
import { type Fixtures, makeFixtures, roundTripCases } from "./testing/round-trip-cases.ts";

// The same cases run in Chromium by browser.test.ts.
describe("round trips in Node", () => {
  let fixtures: Fixtures;
  beforeAll(async () => {
    fixtures = await makeFixtures();
  });
  for (const testCase of roundTripCases) {
    test(testCase.name, () => testCase.run(fixtures));
  }
});
