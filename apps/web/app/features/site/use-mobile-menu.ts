import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/** SPEC.md section 9: the mobile menu is used below 1024 px and closes itself at 1024 px or more. */
export const desktopMenuQuery = "(min-width: 1024px)";

/** Classes put on <html> and <body> while the menu is open, so the page behind it does not scroll. */
const scrollLockClass = "overflow-hidden";

/**
 * State and side effects of the header's mobile menu: it closes on Escape (returning focus to the toggle), on
 * navigation, and when the viewport grows to the desktop layout; while open, the page behind it neither scrolls
 * nor takes focus. Only classList and attributes are touched: the CSP forbids inline style attributes.
 */
export function useMobileMenu() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname, hash } = useLocation();

  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((o) => !o), []);

  // Any navigation (including an in-page anchor such as /#get-started) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input.
  useEffect(() => setOpen(false), [pathname, hash]);

  useEffect(() => {
    const query = window.matchMedia(desktopMenuQuery);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setOpen(false);
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle(scrollLockClass, open);
    document.body.classList.toggle(scrollLockClass, open);
    const behind = [document.getElementById("main"), document.querySelector("footer")];
    for (const el of behind) el?.toggleAttribute("inert", open);
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      root.classList.remove(scrollLockClass);
      document.body.classList.remove(scrollLockClass);
      for (const el of behind) el?.removeAttribute("inert");
    };
  }, [open]);

  return { open, toggle, close, toggleRef };
}
