/**
 * The best encoding the request accepts among the two we send, br before gzip (a `;q=0` refuses one): for answers
 * compressed once and kept, the rendered pages (web/ssr.ts) and the storage listings (storage/storage.routes.ts).
 */
export function acceptedEncoding(header: string | string[] | undefined): "br" | "gzip" | undefined {
  if (header === undefined) return undefined;
  if (Array.isArray(header)) return parse(header.join(","));
  // Browsers send the same few headers again and again: each is read once, up to 64 of them kept (then forgotten
  // together).
  let encoding = seen.get(header);
  if (encoding === undefined) {
    if (seen.size >= 64) seen.clear();
    encoding = parse(header) ?? "none";
    seen.set(header, encoding);
  }
  return encoding === "none" ? undefined : encoding;
}

const seen = new Map<string, "br" | "gzip" | "none">();

function parse(header: string): "br" | "gzip" | undefined {
  const accepted = new Set<string>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return undefined;
}
