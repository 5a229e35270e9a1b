// RFC 8785 (JCS) canonical JSON, for the values this package signs. With only strings, safe integers, arrays and
// objects allowed, JCS is: no whitespace, object members sorted by UTF-16 code units, strings escaped as ECMAScript
// JSON.stringify does, integers in plain decimal. Anything else (floats, booleans, null) is refused rather than
// canonicalised, so no signed format can come to depend on JCS's number rules by accident.

export type Canonical = string | number | readonly Canonical[] | { readonly [key: string]: Canonical };

export function canonicalJson(value: Canonical): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error("only safe integers are allowed");
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const object = value as { readonly [key: string]: Canonical };
  const keys = Object.keys(object).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key] as Canonical)}`).join(",")}}`;
}

/** Orders strings by UTF-16 code units, as JCS orders member names; for sorting arrays before they are signed. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
