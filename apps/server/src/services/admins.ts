/** True for a user whose verified email is in ADMIN_EMAILS (lowercased). An unverified address proves nothing. */
export function isAdmin(
  adminEmails: readonly string[],
  user: { email: string; emailVerified: boolean },
): boolean {
  return user.emailVerified && adminEmails.includes(user.email.toLowerCase());
}
