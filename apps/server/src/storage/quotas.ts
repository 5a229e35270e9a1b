/**
 * Storage quotas per tier: the one table (issue 5). SPEC section 3: accountTier defaults to 'a' and 'premium'
 * counts as premium; every other tier gets the free limits. STORAGE_* variables may override them (config.ts), which
 * tests use to make a quota tiny.
 */
export type StorageTier = "free" | "premium";

export interface TierQuota {
  bytes: number;
  /** null: no limit. A document is a folder users/{uid}/documents/{id}/ (ADR 024). */
  documents: number | null;
}

const GiB = 1024 ** 3;

export const storageQuotas: Record<StorageTier, TierQuota> = {
  free: { bytes: 1 * GiB, documents: 200 },
  premium: { bytes: 100 * GiB, documents: null },
};

export function storageTierOf(accountTier: string | undefined): StorageTier {
  return accountTier === "premium" ? "premium" : "free";
}
