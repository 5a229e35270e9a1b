// Runs in Chromium (loaded by browser.test.ts): the shared round-trip cases, plus real Web Workers.
import { startCryptoWorkers } from "../worker-client.ts";
import { type CaseResult, makeFixtures, runRoundTripCases } from "./round-trip-cases.ts";

const target = globalThis as { heirloomSuite?: Promise<CaseResult[]> };
target.heirloomSuite = makeFixtures(startCryptoWorkers).then(runRoundTripCases);
