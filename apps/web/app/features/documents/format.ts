import { formatBytes } from "./progress.ts";

const typeNames: Record<string, string> = {
  "application/pdf": "PDF",
  "image/png": "PNG image",
  "image/jpeg": "JPEG image",
  "image/gif": "GIF image",
  "image/webp": "WebP image",
  "text/plain": "Text",
  "text/markdown": "Text",
  "text/csv": "Spreadsheet (CSV)",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word document",
  "application/msword": "Word document",
};

/** A type people recognise: "PDF", "Word document", else the extension in capitals. */
export function typeLabel(type: string, name: string): string {
  const known = typeNames[type];
  if (known) return known;
  const extension = name.includes(".") ? name.split(".").pop() : undefined;
  return extension && extension.length <= 8 ? `${extension.toUpperCase()} file` : "File";
}

export { formatBytes };

/** The viewer opens these, decrypted in memory; anything else is downloaded. */
export const viewableKind = (type: string): "pdf" | "image" | "text" | null => {
  if (type === "application/pdf") return "pdf";
  if (["image/png", "image/jpeg", "image/gif", "image/webp"].includes(type)) return "image";
  if (["text/plain", "text/markdown", "text/csv"].includes(type)) return "text";
  return null;
};
