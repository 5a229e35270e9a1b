// [Note: What a new password must be]
// NIST SP 800-63B style: a length range and a list of known-bad passwords, no composition rules ("one digit, one
// symbol"), which only push people towards Password1!. The strength meter (zxcvbn-ts) informs; it does not refuse.
// The vault key is Argon2id of this password, so a guessable password is the one weakness the server cannot cover.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
/** How many of the most common passwords (zxcvbn-ts's frequency-ordered list) are refused outright. */
export const COMMON_PASSWORDS_REFUSED = 3_000;

export const passwordMessages = {
  empty: "Please choose a password.",
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  common: "This is one of the most common passwords, so it would be guessed quickly. Please choose another.",
  isEmail: "Your password must not be your email address.",
  mismatch: "The two passwords do not match.",
} as const;

export const strengthLabels = ["Very weak", "Weak", "Fair", "Strong", "Very strong"] as const;

export interface PasswordCheck {
  /** True when the password may be used. */
  ok: boolean;
  /** Why it may not be used (one of passwordMessages), when ok is false. */
  message?: string;
  /** zxcvbn-ts score, 0 (guessable) to 4 (very unguessable). */
  score: 0 | 1 | 2 | 3 | 4;
  label: (typeof strengthLabels)[number];
  /** zxcvbn-ts's warning and suggestions, in English, for the meter's hint. */
  warning: string;
  suggestions: string[];
}

export interface PasswordContext {
  email?: string;
  name?: string;
}

/** The length and identity rules, which need no dictionary. Returns the message of the first rule broken. */
export function checkPasswordRules(password: string, context: PasswordContext = {}): string | undefined {
  if (password.length === 0) return passwordMessages.empty;
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return passwordMessages.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return passwordMessages.tooLong;
  if (context.email && password.trim().toLowerCase() === context.email.trim().toLowerCase())
    return passwordMessages.isEmail;
  return undefined;
}

type Zxcvbn = { check(password: string, userInputs?: (string | number)[]): ZxcvbnLikeResult };
interface ZxcvbnLikeResult {
  score: 0 | 1 | 2 | 3 | 4;
  feedback: { warning: string | null; suggestions: string[] };
}

let loading: Promise<{ zxcvbn: Zxcvbn; common: ReadonlySet<string> }> | null = null;

/** The dictionaries are large (about 1 MB); they load on first use, so pages that never check a password skip them. */
function loadChecker() {
  loading ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]).then(([core, common, en]) => {
    const zxcvbn = new core.ZxcvbnFactory({
      translations: en.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary },
      useLevenshteinDistance: true,
    });
    const list = common.dictionary["passwords-common"].slice(0, COMMON_PASSWORDS_REFUSED);
    return { zxcvbn, common: new Set(list.map((p) => p.toLowerCase())) };
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Every rule of a new password plus its strength. Rejects only when the dictionaries cannot be loaded. */
export async function checkNewPassword(
  password: string,
  context: PasswordContext = {},
): Promise<PasswordCheck> {
  const { zxcvbn, common } = await loadChecker();
  const inputs = [
    context.email ?? "",
    ...(context.email?.split("@") ?? []),
    ...(context.name?.split(/\s+/) ?? []),
  ]
    .map((s) => s.trim())
    .filter((s) => s.length > 2);
  // zxcvbn's cost grows with length; beyond 100 characters the score is already the top one.
  const result = zxcvbn.check(password.slice(0, 100), inputs);
  const strength = {
    score: result.score,
    label: strengthLabels[result.score],
    warning: result.feedback.warning ?? "",
    suggestions: result.feedback.suggestions,
  };
  const broken =
    checkPasswordRules(password, context) ??
    (common.has(password.toLowerCase()) ? passwordMessages.common : undefined);
  return broken ? { ok: false, message: broken, ...strength } : { ok: true, ...strength };
}
