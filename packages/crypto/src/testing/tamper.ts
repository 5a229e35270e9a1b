// Mutations of a stored "v1.iv:ciphertext" string for the tamper suites. Every variant differs from the original, and
// every one must fail to open.

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function substitute(text: string, index: number): string {
  const current = text[index] as string;
  const alphabetIndex = B64.indexOf(current);
  // Flip the lowest bit of the 6-bit digit: the smallest possible change to the decoded bytes.
  const replacement = alphabetIndex >= 0 ? B64.charAt(alphabetIndex ^ 1) : current === "A" ? "B" : "A";
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

/**
 * Bit flips at many positions (every position for short strings, a spread for long ones), truncations, extensions,
 * a duplicated ciphertext, iv and ciphertext swapped, and the version prefix changed or removed.
 */
export function tamperedVariants(blob: string): { readonly name: string; readonly value: string }[] {
  const variants: { name: string; value: string }[] = [];
  const stride = blob.length > 200 ? 13 : 1;
  for (let i = 0; i < blob.length; i++) {
    const near = i < 40 || i > blob.length - 40;
    if (blob[i] === ":" || blob[i] === "." || blob[i] === "=" || (!near && i % stride !== 0)) continue;
    if (i < 2) continue; // the "v1" prefix is covered by the version variants below
    variants.push({ name: `flip at ${i}`, value: substitute(blob, i) });
  }
  const [ivPart = "", ctPart = ""] = blob.split(":");
  const iv = ivPart.replace(/^v1\./, "");
  variants.push(
    { name: "ciphertext truncated by 4 characters", value: blob.slice(0, -4) },
    { name: "ciphertext truncated to 16 bytes", value: `${ivPart}:${ctPart.slice(0, 24)}` },
    { name: "ciphertext emptied", value: `${ivPart}:` },
    { name: "iv truncated", value: `v1.${iv.slice(0, -4)}:${ctPart}` },
    { name: "ciphertext duplicated", value: `${ivPart}:${ctPart.replace(/=+$/, "")}${ctPart}` },
    { name: "iv and ciphertext swapped", value: `v1.${ctPart}:${iv}` },
    { name: "extra bytes appended", value: `${ivPart}:${ctPart.replace(/=+$/, "")}AAAA` },
    { name: "version v2", value: blob.replace(/^v1\./, "v2.") },
    { name: "version removed", value: blob.replace(/^v1\./, "") },
    { name: "a third part", value: `${blob}:AAAA` },
  );
  return variants.filter((v) => v.value !== blob);
}
