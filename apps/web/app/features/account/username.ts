/**
 * SPEC.md section 3: the username is the part of the email before the at-sign. It is shown, never edited, and
 * follows the email when the email changes (ADR 026).
 */
export function usernameOf(email: string): string {
  const at = email.lastIndexOf("@");
  return at > 0 ? email.slice(0, at) : email;
}
