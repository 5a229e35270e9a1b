/** Where the login form keeps the last email it signed in with (never a password: that is never stored anywhere). */
export const lastEmailKey = "heirloom.lastEmail";

/** The email the login form offers again after a sign-out or an idle timeout. */
export function rememberedEmail(storage: Pick<Storage, "getItem">): string {
  try {
    return storage.getItem(lastEmailKey) ?? "";
  } catch {
    return "";
  }
}

export function rememberEmail(storage: Pick<Storage, "setItem">, email: string): void {
  try {
    storage.setItem(lastEmailKey, email.trim());
  } catch {
    // Storage refused (private mode, full): the form is simply empty next time.
  }
}
