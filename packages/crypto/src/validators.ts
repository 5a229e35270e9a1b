// SPEC.md sections 3, 5 and 9: the exact acceptance rules for values kept in the browser and for storage formats.
// Pure functions of their input, so the session guard can run them every 5 seconds at no cost.

const MIN_STORED_KEY_LENGTH_EXCLUSIVE = 10;

function isValidStoredSecret(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value !== "null" &&
    value !== "undefined" &&
    value.length > MIN_STORED_KEY_LENGTH_EXCLUSIVE
  );
}

/** The vault key as stored (base64): present, not the text "null"/"undefined", longer than 10 characters. */
export function isValidVaultKey(value: unknown): value is string {
  return isValidStoredSecret(value);
}

/** The vault salt as stored: same rule as the vault key. */
export function isValidVaultSalt(value: unknown): value is string {
  return isValidStoredSecret(value);
}

/** Storage format "base64": the standard alphabet only (no - or _), optional padding. */
export function isBase64(value: string): boolean {
  return /^[A-Za-z0-9+/]*={0,2}$/.test(value);
}

/** Storage format "base64url": the URL alphabet only (no + or /), optional padding. */
export function isBase64Url(value: string): boolean {
  return /^[A-Za-z0-9_-]*={0,2}$/.test(value);
}

const TOKEN = "[A-Za-z0-9!#$&^_.+-]+";
// RFC 2397: data:[<mediatype>][;base64],<data>, where mediatype = [type "/" subtype] *(";" attribute "=" value).
const DATA_URL = new RegExp(
  `^data:((?:${TOKEN}/${TOKEN})?(?:;${TOKEN}=[^;,]*)*)(;base64)?,([\\s\\S]*)$`,
  "i",
);

export interface DataUrlParts {
  /** The media type with its parameters, or "" when the URL omits it. */
  readonly mediaType: string;
  readonly base64: boolean;
  readonly data: string;
}

export function parseDataUrl(value: string): DataUrlParts | null {
  const match = DATA_URL.exec(value);
  if (!match) return null;
  return { mediaType: match[1] ?? "", base64: match[2] !== undefined, data: match[3] ?? "" };
}

/** Storage format "data_url": must match data:[mediatype][;base64],data. */
export function isDataUrl(value: string): boolean {
  return DATA_URL.test(value);
}

/** Storage retry times (milliseconds) must be 0 or greater. */
export function isValidRetryTime(value: unknown): value is number {
  return typeof value === "number" && !Number.isNaN(value) && value >= 0;
}
