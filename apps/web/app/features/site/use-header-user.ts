import { createContext, useContext } from "react";

/** What the header shows for a signed-in person (SPEC.md section 2, "Header"). */
export interface HeaderUser {
  /** The name, else the part of the email before the at-sign, else the email. */
  displayName: string;
  /** Clears the vault data from the browser and goes to /login. */
  signOut: () => void;
}

/**
 * [Note: The logged-in header seam]
 * Public pages may not import session code (biome.json), so the session feature reaches the header through this
 * context: root.tsx wraps the app in the session's provider (features/session/session-header-provider.tsx), which
 * sets the value on the client once it knows who is signed in. During server rendering, hydration, and for every
 * visitor the value stays null, so public pages render the same HTML everywhere and switch after hydration.
 */
export const HeaderUserContext = createContext<HeaderUser | null>(null);

/** The signed-in person for the header, or null for the visitor's view. */
export function useHeaderUser(): HeaderUser | null {
  return useContext(HeaderUserContext);
}
