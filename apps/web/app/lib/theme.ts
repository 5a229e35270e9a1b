import { createContext, useContext } from "react";

// [Note: The theme before first paint]
// The profile's DarkMode is the source of truth; this cookie is its cache, readable before any script runs. The
// server reads it from the document request and renders <html class="dark"> (or "light"), so the first frame already
// has the right colours: no inline script, nothing for the CSP to allow. "system" (or no cookie) renders no class and
// the stylesheet follows prefers-color-scheme. The signed-in layout writes the cookie again whenever the profile it
// loads says otherwise (a new browser, or a change made elsewhere).

export type ThemePreference = "light" | "dark" | "system";

export const themeCookieName = "heirloom-theme";
const oneYearSeconds = 365 * 24 * 60 * 60;

/** The theme in a Cookie header (or document.cookie); "system" when absent or unreadable. */
export function themeFromCookies(cookieHeader: string | null | undefined): ThemePreference {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === themeCookieName && (value === "light" || value === "dark")) return value;
  }
  return "system";
}

/** The class on <html>: only an explicit choice sets one; "system" leaves it to the media query. */
export function themeClassName(theme: ThemePreference): string | undefined {
  return theme === "system" ? undefined : theme;
}

/** Remembers the choice in the cookie and applies it to the page at once (browser only). */
export function applyTheme(theme: ThemePreference): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed, non-secret value; the Cookie Store API is not in every browser we support.
  document.cookie =
    theme === "system"
      ? `${themeCookieName}=; Max-Age=0; Path=/; SameSite=Lax${secure}`
      : `${themeCookieName}=${theme}; Max-Age=${oneYearSeconds}; Path=/; SameSite=Lax${secure}`;
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.classList.toggle("light", theme === "light");
}

const ThemeContext = createContext<ThemePreference | undefined>(undefined);
/** Set by entry.server.tsx from the request's cookie. */
export const ThemeProvider = ThemeContext.Provider;

/** The theme for the <html> element: the request's cookie on the server, document.cookie in the browser. */
export function useThemePreference(): ThemePreference {
  const fromServer = useContext(ThemeContext);
  if (fromServer) return fromServer;
  return typeof document === "undefined" ? "system" : themeFromCookies(document.cookie);
}
