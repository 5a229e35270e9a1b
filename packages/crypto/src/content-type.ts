// SPEC.md section 3: the content type recorded for an upload is decided by the file name's extension alone, because
// the browser's guess (File.type) differs between systems and is empty for many files.
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  txt: "text/plain",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

export const DEFAULT_CONTENT_TYPE = "application/octet-stream";

export function contentTypeForName(name: string): string {
  const dot = name.lastIndexOf(".");
  if (dot < 0 || dot === name.length - 1) return DEFAULT_CONTENT_TYPE;
  const extension = name.slice(dot + 1).toLowerCase();
  return Object.hasOwn(CONTENT_TYPES, extension)
    ? (CONTENT_TYPES[extension] as string)
    : DEFAULT_CONTENT_TYPE;
}
