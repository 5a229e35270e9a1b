// Does a password-reset or verification-resend request take longer for an address that has an account? (ADR 036)
// Prints, for each, the median and p90 time of requests for a known address and for unknown ones, sent alternately
// to a real server in the same run, and the ratio known / unknown (1.00 means nothing to learn from timing). Not a
// test: nothing fails on a noisy machine. Run from the repository root after `npm run build`:
// npm run bench:enumeration (BENCH_ROUNDS=400 for more samples).
import { createAccount, uniqueEmail } from "../e2e/support/accounts.ts";
import { randomAddress } from "../e2e/support/browser.ts";
import { freePort, startServer } from "../e2e/support/server.ts";

const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
const port = await freePort();
const server = await startServer({ PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: "1" }, port);

/** One request from a fresh client address (the bench stands in for the one trusted proxy), timed in ms. */
async function timedPost(path: string, body: unknown): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: {
      origin: server.baseUrl,
      "content-type": "application/json",
      "x-forwarded-for": randomAddress(),
    },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return ms;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

try {
  const known = await createAccount(server.baseUrl, { name: "Bench Known" });
  console.log(
    `Heirloom enumeration bench: ${rounds} rounds per endpoint, known and unknown addresses alternately`,
  );
  console.log(
    "endpoint                                  known p50   unknown p50   known p90   unknown p90   p50 ratio",
  );
  for (const path of ["/api/auth/request-password-reset", "/api/auth/send-verification-email"]) {
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 10; i++) await timedPost(path, { email: uniqueEmail("warm") });
    for (let i = 0; i < rounds; i++) {
      // Alternate which goes first, so neither always runs on a warmer server.
      const order = i % 2 ? (["known", "unknown"] as const) : (["unknown", "known"] as const);
      for (const kind of order) {
        const email = kind === "known" ? known.email : uniqueEmail("nobody");
        times[kind].push(await timedPost(path, { email }));
      }
    }
    const p50k = quantile(times.known, 0.5);
    const p50u = quantile(times.unknown, 0.5);
    console.log(
      `${path.padEnd(40)} ${p50k.toFixed(2).padStart(8)} ms ${p50u.toFixed(2).padStart(10)} ms ` +
        `${quantile(times.known, 0.9).toFixed(2).padStart(8)} ms ${quantile(times.unknown, 0.9).toFixed(2).padStart(10)} ms ` +
        `${(p50k / p50u).toFixed(2).padStart(9)}`,
    );
  }
} finally {
  await server.stop();
}
