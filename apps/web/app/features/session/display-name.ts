/** SPEC.md section 3: the name, else the username (the email before the at-sign), else the email. */
export function displayNameOf(user: { name?: string | null; email: string }): string {
  const name = user.name?.trim();
  if (name) return name;
  const username = user.email.split("@")[0]?.trim();
  return username || user.email;
}
