import { argon2, randomBytes, timingSafeEqual } from "node:crypto";

// [Note: Why the server's Argon2id is modest]
// What reaches the server is never a password: it is the auth key (or the recovery auth key), 32 bytes that the
// browser already stretched with Argon2id at t=3, m=64 MiB. A second, cheaper Argon2id on top keeps a stolen database
// from being a list of ready-to-use login keys while costing the server only a few milliseconds per sign-in.
const params = { passes: 2, memory: 19_456, parallelism: 1, tagLength: 32 } as const;

function run(
  message: string,
  nonce: Buffer,
  p: { passes: number; memory: number; parallelism: number; tagLength: number },
) {
  return new Promise<Buffer>((resolve, reject) => {
    argon2("argon2id", { message, nonce, ...p }, (error, derived) =>
      error ? reject(error) : resolve(derived),
    );
  });
}

const b64 = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");

/** Hashes a derived key into a PHC string: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>. */
export async function hashDerivedKey(key: string): Promise<string> {
  const nonce = randomBytes(16);
  const tag = await run(key, nonce, params);
  return `$argon2id$v=19$m=${params.memory},t=${params.passes},p=${params.parallelism}$${b64(nonce)}$${b64(tag)}`;
}

const phcPattern = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Checks a derived key against a PHC string made by hashDerivedKey (or with other parameters). Never throws. */
export async function verifyDerivedKey(hash: string, key: string): Promise<boolean> {
  const match = phcPattern.exec(hash);
  if (!match) return false;
  const [, m, t, p, saltB64, tagB64] = match as unknown as [string, string, string, string, string, string];
  const expected = Buffer.from(tagB64, "base64");
  try {
    const actual = await run(key, Buffer.from(saltB64, "base64"), {
      memory: Number(m),
      passes: Number(t),
      parallelism: Number(p),
      tagLength: expected.length,
    });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}
