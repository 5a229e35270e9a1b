/** SPEC section 4: the display name is capitalised per word ("ada   lovelace" -> "Ada Lovelace"). */
export function capitaliseName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase() + word.slice(1))
    .join(" ");
}
