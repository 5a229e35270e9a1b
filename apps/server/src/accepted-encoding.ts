/**
 * The best encoding the request accepts among the two we send, br before gzip (a `;q=0` refuses one): for answers
 * compressed once and kept, the rendered pages (web/ssr.ts) and the storage listings (storage/storage.routes.ts).
 */
export function acceptedEncoding(header: string | string[] | undefined): "br" | "gzip" | undefined {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return undefined;
}
