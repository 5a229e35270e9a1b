import type { CryptoSelfTestResult } from "@heirloom/crypto";
import { useState } from "react";
import { Spinner } from "#app/components/ui/spinner.tsx";

type State =
  | { kind: "idle" }
  | { kind: "running"; stage: string }
  | { kind: "done"; result: CryptoSelfTestResult }
  | { kind: "failed"; message: string };

const stageText: Record<string, string> = {
  argon2id: "Deriving a vault key with Argon2id…",
  "rsa-keygen": "Creating RSA-OAEP 4096 key pairs…",
  "bare-aes-gcm": "Measuring raw AES-GCM speed…",
  stream: "Encrypting and decrypting a test file…",
  done: "Finishing…",
};

function ms(value: number): string {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}
function speed(mibPerSecond: number): string {
  return `${mibPerSecond >= 100 ? Math.round(mibPerSecond) : mibPerSecond.toFixed(1)} MiB/s`;
}

/**
 * CRYPTO TIMINGS — the speed of Heirloom's own cryptography (packages/crypto `runCryptoSelfTest`) on this device,
 * run in the same Web Worker the vault uses. Loaded only when asked for, so the page itself stays small.
 * Nothing here uses or creates a real key: the test derives from a fixed phrase and random data.
 */
export function CryptoTimings() {
  const [state, setState] = useState<State>({ kind: "idle" });

  async function measure() {
    setState({ kind: "running", stage: "Loading the crypto module…" });
    try {
      const { startCryptoWorkers } = await import("@heirloom/crypto");
      const client = startCryptoWorkers(1);
      try {
        const result = await client.api.runCryptoSelfTest((p) =>
          setState({ kind: "running", stage: stageText[p.stage] ?? "Measuring…" }),
        );
        setState({ kind: "done", result });
      } finally {
        client.close();
      }
    } catch (error) {
      setState({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  }

  const rows =
    state.kind === "done"
      ? [
          {
            what: "Unlocking your vault (Argon2id, 64 MiB)",
            value: `${ms(state.result.argon2idMs)}`,
            note: `first run ${ms(state.result.argon2idColdMs)}`,
          },
          {
            what: "Creating a key pair (RSA-OAEP 4096)",
            value: ms(state.result.rsaKeygenMedianMs),
            note: `median of ${state.result.rsaKeygenRuns}`,
          },
          {
            what: `Encrypting a ${state.result.fileMiB} MiB file`,
            value: speed(state.result.streamEncryptMiBps),
            note: `browser limit ${speed(state.result.bareEncryptMiBps)}`,
          },
          {
            what: `Decrypting a ${state.result.fileMiB} MiB file`,
            value: speed(state.result.streamDecryptMiBps),
            note: `browser limit ${speed(state.result.bareDecryptMiBps)}`,
          },
        ]
      : [];

  return (
    <section aria-labelledby="timings-title" className="rounded-2xl border border-line bg-surface p-6 sm:p-8">
      <h2 id="timings-title" className="font-display text-2xl font-semibold">
        Crypto speed on this device
      </h2>
      <p className="mt-2 max-w-2xl leading-relaxed text-ink-muted">
        How long unlocking, key creation and file encryption take here, using Heirloom's own code. It takes
        from a few seconds to a minute on a phone, and uses no real keys or data.
      </p>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <button type="button" className="btn-secondary" onClick={measure} disabled={state.kind === "running"}>
          {state.kind === "done" || state.kind === "failed" ? "Measure again" : "Measure crypto speed"}
        </button>
        <p role="status" className="flex items-center gap-3 text-[0.9375rem] text-ink-muted">
          {state.kind === "running" ? (
            <>
              <Spinner className="size-5" />
              {state.stage}
            </>
          ) : state.kind === "done" ? (
            "Measurement complete."
          ) : null}
        </p>
      </div>
      {state.kind === "failed" ? (
        <p role="alert" className="mt-4 font-medium text-danger">
          The measurement failed: {state.message}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <table className="mt-6 w-full text-left text-[0.9375rem]">
          <caption className="sr-only">Crypto timings on this device</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-4 font-semibold">
                Operation
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Result
              </th>
              <th scope="col" className="hidden py-2 font-semibold sm:table-cell">
                Detail
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.what} className="border-b border-line align-top">
                <th scope="row" className="py-3 pr-4 font-normal">
                  {r.what}
                  <span className="block text-sm text-ink-muted sm:hidden">{r.note}</span>
                </th>
                <td className="py-3 pr-4 font-semibold whitespace-nowrap">{r.value}</td>
                <td className="hidden py-3 text-ink-muted sm:table-cell">{r.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
