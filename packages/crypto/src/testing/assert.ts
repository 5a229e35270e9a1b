// A few assertions that run unchanged in Node and in a browser page, for the shared round-trip cases.

export class AssertionFailed extends Error {
  override name = "AssertionFailed";
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new AssertionFailed(message);
}

export function assertEqual<T>(actual: T, expected: T, message: string): void {
  if (actual !== expected)
    throw new AssertionFailed(`${message}: expected ${String(expected)}, got ${String(actual)}`);
}

export function assertBytesEqual(
  actual: Uint8Array | null | undefined,
  expected: Uint8Array,
  message: string,
): void {
  assert(actual, `${message}: got nothing`);
  assertEqual(actual.length, expected.length, `${message} (length)`);
  for (let i = 0; i < expected.length; i++) {
    if (actual[i] !== expected[i]) throw new AssertionFailed(`${message}: differs at byte ${i}`);
  }
}

/** Resolves with the error `run` rejected with; fails when it did not reject, or with another message. */
export async function assertRejects(
  run: () => Promise<unknown>,
  expectedMessage: string | RegExp,
  what: string,
) {
  try {
    await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const ok =
      typeof expectedMessage === "string" ? message === expectedMessage : expectedMessage.test(message);
    if (!ok)
      throw new AssertionFailed(`${what}: rejected with "${message}", expected ${String(expectedMessage)}`);
    return error;
  }
  throw new AssertionFailed(`${what}: did not reject`);
}
