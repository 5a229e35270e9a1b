// The machine's own references, measured in the same run as the browser: the argon2 reference CLI (phc-winner-argon2,
// Debian package "argon2") and OpenSSL.
import { execFileSync, spawnSync } from "node:child_process";

function which(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

/** Exits with an exact instruction when a tool the bench compares against is missing. */
export function requireNativeTools(chromiumPath: string, chromiumExists: boolean): void {
  const missing: string[] = [];
  if (!which("argon2")) {
    missing.push("The native argon2 CLI is missing. Install it with:  sudo apt-get install -y argon2");
  }
  if (!which("openssl"))
    missing.push("The openssl CLI is missing. Install it with:  sudo apt-get install -y openssl");
  if (!chromiumExists) {
    missing.push(
      `Chromium is missing at ${chromiumPath}. Install it with:  sudo apt-get install -y chromium`,
    );
  }
  if (missing.length > 0) {
    console.error(missing.join("\n"));
    process.exit(1);
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function timeArgon2Cli(args: string[]): number {
  const start = performance.now();
  const result = spawnSync("argon2", args, {
    input: "correct horse battery staple",
    stdio: ["pipe", "ignore", "pipe"],
  });
  const ms = performance.now() - start;
  if (result.status !== 0) throw new Error(`argon2 failed: ${result.stderr.toString()}`);
  return ms;
}

const ARGON2_SALT = "0123456789abcdef0123456789abcdef";

/** The cost of starting the argon2 process (smallest parameters), to subtract from timings of real hashes. */
export function argon2CliStartMs(runs: number): number {
  return median(
    Array.from({ length: runs }, () =>
      timeArgon2Cli([ARGON2_SALT, "-id", "-t", "1", "-m", "3", "-p", "1", "-l", "32", "-r"]),
    ),
  );
}

/** One run of the reference Argon2id at Heirloom's parameters (t=3, m=2^16 KiB, p=1, 32 bytes), process start included. */
export function argon2CliRunMs(): number {
  return timeArgon2Cli([ARGON2_SALT, "-id", "-t", "3", "-m", "16", "-p", "1", "-l", "32", "-r"]);
}

/** `openssl speed -evp aes-256-gcm` on 4 MiB blocks (one core), in MiB/s. */
export function opensslAesGcmMiBps(): number {
  const output = execFileSync(
    "openssl",
    ["speed", "-evp", "aes-256-gcm", "-seconds", "2", "-bytes", "4194304"],
    {
      stdio: ["ignore", "pipe", "ignore"],
    },
  ).toString();
  const match = /AES-256-GCM\s+([\d.]+)k/i.exec(output);
  if (!match?.[1]) throw new Error(`could not read openssl speed output:\n${output}`);
  return (Number(match[1]) * 1000) / (1024 * 1024);
}

/** Median time of `openssl genpkey` for an RSA-4096 key (process start included; it is small beside the keygen). */
export function opensslRsa4096KeygenMs(runs: number): number {
  return median(
    Array.from({ length: runs }, () => {
      const start = performance.now();
      execFileSync("openssl", ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:4096"], {
        stdio: ["ignore", "ignore", "ignore"],
      });
      return performance.now() - start;
    }),
  );
}
