/** What the header shows for a signed-in person (SPEC.md section 2, "Header"). */
export interface HeaderUser {
  /** The name, else the part of the email before the at-sign, else the email. */
  displayName: string;
  /** Clears the vault data from the browser and goes to /login. */
  signOut: () => void;
}

/**
 * Seam for the logged-in header. Returns null for now: every visitor sees the logged-out links.
 * The accounts issue replaces the body with a read of the session store (client only, so public pages still
 * render the same HTML on the server and then switch after hydration).
 */
export function useHeaderUser(): HeaderUser | null {
  return null;
}
