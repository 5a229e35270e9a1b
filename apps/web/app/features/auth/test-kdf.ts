import type { KdfParamsDto } from "@heirloom/contract";

/** Test-only: the KDF parameters prelogin states for an account made today (SPEC section 9). */
export const testKdf: KdfParamsDto = {
  algorithm: "argon2id",
  version: 19,
  iterations: 3,
  memoryKiB: 65_536,
  parallelism: 1,
};
