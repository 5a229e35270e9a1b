/** The cache key of the owner's decrypted document list (the Documents page's query uses the same). */
export const DOCUMENTS_KEY = ["documents"] as const;
