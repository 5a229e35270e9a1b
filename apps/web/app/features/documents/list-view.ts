// Sorting and searching happen here in the browser: the server holds only encrypted names.

export interface ListedDocument {
  readonly name: string;
  readonly type: string;
  readonly size: number;
  readonly added: string | undefined;
  readonly labels: readonly string[];
}

export const sortOrders = {
  newest: "Newest first",
  oldest: "Oldest first",
  nameAsc: "Name, A to Z",
  nameDesc: "Name, Z to A",
  largest: "Largest first",
  smallest: "Smallest first",
  type: "Type",
} as const;
export type SortOrder = keyof typeof sortOrders;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
const time = (d: ListedDocument) => (d.added ? Date.parse(d.added) : 0);

function compare(order: SortOrder, a: ListedDocument, b: ListedDocument): number {
  switch (order) {
    case "newest":
      return time(b) - time(a);
    case "oldest":
      return time(a) - time(b);
    case "nameAsc":
      return collator.compare(a.name, b.name);
    case "nameDesc":
      return collator.compare(b.name, a.name);
    case "largest":
      return b.size - a.size;
    case "smallest":
      return a.size - b.size;
    case "type":
      return collator.compare(a.type, b.type);
  }
}

/** The documents to show: matching the search (any part of the name, ignoring case and accents) and the label. */
export function visibleDocuments<T extends ListedDocument>(
  documents: readonly T[],
  options: { search: string; order: SortOrder; label?: string | null },
): T[] {
  const needle = fold(options.search.trim());
  return documents
    .filter((d) => !needle || fold(d.name).includes(needle))
    .filter((d) => !options.label || d.labels.includes(options.label))
    .sort((a, b) => compare(options.order, a, b) || collator.compare(a.name, b.name));
}

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

export function allLabels(documents: readonly ListedDocument[]): string[] {
  return [...new Set(documents.flatMap((d) => d.labels))].sort(collator.compare);
}
