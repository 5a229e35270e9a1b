import { useEffect } from "react";
import { applyTheme, themeFromCookies } from "#app/lib/theme.ts";

/**
 * The profile's DarkMode is the source of truth and the cookie its cache ([Note: The theme before first paint]):
 * when the signed-in layout loads a profile that disagrees with this browser's cookie (a new browser, or a change
 * made on another device), the cookie and the page follow the profile.
 */
export function useProfileTheme(darkMode: "light" | "dark" | "system" | undefined): void {
  useEffect(() => {
    if (darkMode && themeFromCookies(document.cookie) !== darkMode) applyTheme(darkMode);
  }, [darkMode]);
}
