/**
 * The one byte range of a Range header (RFC 9110 14.1.2), end inclusive. A header we do not serve as a range
 * (several ranges, another unit, bad syntax) is ignored, as the RFC allows: the whole object is sent with 200.
 */
export type RangeRequest = { start: number; end: number } | "unsatisfiable" | undefined;

export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return undefined;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return undefined;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return undefined;
  if (first === "") {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return undefined;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}
