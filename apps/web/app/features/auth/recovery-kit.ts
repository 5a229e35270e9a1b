// The recovery kit's words, shared by the page, the print-out and the downloaded file, so all three say the same.

export interface RecoveryKitContent {
  email: string;
  recoveryKeyText: string;
  createdAt: Date;
}

const dateFormatter = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric" });

/** "23 November 2026", in the person's own time zone (the kit is made and read in this browser only). */
export const kitDate = (date: Date) => dateFormatter.format(date);

export const kitAdvice = [
  "Keep this kit somewhere safe and offline: printed in a drawer or safe, or in a password manager.",
  "If you forget your password, this key sets a new one and keeps every document readable. Heirloom cannot do that for you: we never see your password or this key.",
  "Anyone with this key and access to your email can take over your vault. Never send it to anyone, including Heirloom support.",
] as const;

/** The downloadable .txt file. Plain text with CRLF line ends, so every system's editor shows it properly. */
export function recoveryKitText(kit: RecoveryKitContent): string {
  return [
    "HEIRLOOM RECOVERY KIT",
    "",
    `Account:      ${kit.email}`,
    `Created:      ${kitDate(kit.createdAt)}`,
    "",
    "Recovery key:",
    `  ${kit.recoveryKeyText}`,
    "",
    ...kitAdvice.map((line) => `- ${line}`),
    "",
    'To use it: open Heirloom, choose Sign in, then "Forgot password?", and enter this key.',
    "",
  ].join("\r\n");
}

/** The file name: the account's address makes several kits (several accounts) easy to tell apart. */
export function recoveryKitFileName(email: string): string {
  const safe = email.toLowerCase().replace(/[^a-z0-9@._-]+/g, "-");
  return `heirloom-recovery-kit-${safe}.txt`;
}
