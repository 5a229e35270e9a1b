import { z } from "zod";

// What a person may type as a document's name and labels. Both are encrypted; the limits keep the header and the
// labels object small and the list readable.

export const MAX_NAME_LENGTH = 255;
export const MAX_LABELS = 20;
export const MAX_LABEL_LENGTH = 40;

export const documentNameSchema = z
  .string()
  .trim()
  .min(1, "Enter a name for the document.")
  .max(MAX_NAME_LENGTH, `Use at most ${MAX_NAME_LENGTH} characters.`)
  .refine(
    (name) => ![...name].some((c) => (c.codePointAt(0) ?? 0) < 0x20 || c === "\u007f"),
    "The name cannot contain control characters.",
  );

/** "Will, Family ,will" -> ["Will", "Family"]: trimmed, empty ones dropped, duplicates (ignoring case) once. */
export function parseLabels(text: string): string[] {
  const seen = new Set<string>();
  const labels: string[] = [];
  for (const raw of text.split(",")) {
    const label = raw.trim().replace(/\s+/g, " ");
    if (!label || seen.has(label.toLowerCase())) continue;
    seen.add(label.toLowerCase());
    labels.push(label);
  }
  return labels;
}

export const labelsTextSchema = z
  .string()
  .transform(parseLabels)
  .refine((labels) => labels.length <= MAX_LABELS, `Use at most ${MAX_LABELS} labels.`)
  .refine(
    (labels) => labels.every((label) => label.length <= MAX_LABEL_LENGTH),
    `Keep each label under ${MAX_LABEL_LENGTH} characters.`,
  );
