import { queryOptions } from "@tanstack/react-query";
import { listDocuments } from "#app/features/documents/documents.ts";
import { DOCUMENTS_KEY } from "./documents-key.ts";

/**
 * The owner's decrypted document list: the same query (key and function) as the Documents page, so both read and
 * refresh one cache entry and the list is decrypted once per tab.
 */
export const documentsQuery = queryOptions({
  queryKey: [...DOCUMENTS_KEY],
  queryFn: () => listDocuments(),
  retry: false,
});
