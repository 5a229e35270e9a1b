import { randomFillSync } from "node:crypto";

// Ids for rows written in bulk and never looked up by a guess (history, notifications): a UUID version 7 (RFC 9562),
// whose first 48 bits are the time in milliseconds. Rows written together then sit together in their primary key's
// index, so a sweep that writes thousands of them dirties a few index pages, not one page per row, as random (v4)
// ids did. After the time come a 12-bit counter (from a random start) and 62 random bits, so an id is still not
// guessable from its neighbours. Ids made in the same millisecond by one process follow one another.

const pool = Buffer.alloc(16 * 256);
let poolAt = pool.length;
let lastMs = -1;
let counter = 0;

function randomTail(): Buffer {
  if (poolAt === pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const bytes = pool.subarray(poolAt, poolAt + 16);
  poolAt += 16;
  return bytes;
}

const hex = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/**
 * A UUIDv7 for `ms` (the caller's clock: the row's own time). A process's ids always increase: within one millisecond (or when the
 * clock steps back) a 12-bit counter in rand_a (RFC 9562, method 1) counts on from a random start below 2048, and
 * when it runs out the id borrows the next millisecond.
 */
export function timeOrderedId(ms: number): string {
  const bytes = Buffer.from(randomTail());
  if (ms > lastMs) {
    lastMs = ms;
    counter = (((bytes[6] ?? 0) & 0x07) << 8) | (bytes[7] ?? 0);
  } else if (counter < 0xfff) {
    counter += 1;
  } else {
    lastMs += 1;
    counter = 0;
  }
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  let out = "";
  for (let i = 0; i < 16; i += 1) {
    out += hex[bytes[i] ?? 0];
    if (i === 3 || i === 5 || i === 7 || i === 9) out += "-";
  }
  return out;
}
