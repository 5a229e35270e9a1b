/** The title and description every public page exports from `meta` (one description per page, for search results). */
export function pageMeta(title: string, description: string) {
  return [
    { title: title.includes("Heirloom") ? title : `${title} · Heirloom` },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:site_name", content: "Heirloom" },
  ];
}
