/**
 * SPEC section 4, at sign-up only: the display name is capitalised per word ("ada   lovelace" -> "Ada Lovelace").
 * Only first letters change: "GRACE hopper-smith o'neil" -> "GRACE Hopper-smith O'neil", never lower-cased.
 */
export function capitaliseName(name: string): string {
  return tidyName(name)
    .split(" ")
    .map((word) => word.charAt(0).toLocaleUpperCase() + word.slice(1))
    .join(" ");
}

/** A name as the person typed it, without the spaces around and between words doubled: "Vincent van Gogh". */
export function tidyName(name: string): string {
  return name.trim().split(/\s+/).filter(Boolean).join(" ");
}
