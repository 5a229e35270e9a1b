// The route table alone: the package's index brings every schema and zod, which a visitor's page never needs.
import { apiRoutes } from "@heirloom/contract/routes";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { cookiesAcceptedEvent, hasAcceptedCookies } from "./cookie-notice-storage.ts";

/** POST /api/page-views with the path alone: no cookie goes with it (credentials omitted), and none comes back. */
function countView(path: string) {
  void fetch(apiRoutes.pageViews, {
    method: "POST",
    credentials: "omit",
    keepalive: true,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ path }),
  }).catch(() => {
    // A count that does not arrive is simply not counted.
  });
}

/**
 * First-party page-view counting (ARCHITECTURE.md departure 6, ADR 041), in place of the spec's third-party pixels:
 * every page a person opens is counted by path and day, only once they have said OK to the cookie banner.
 */
export function PageViewCounter() {
  const { pathname } = useLocation();

  useEffect(() => {
    if (hasAcceptedCookies(window.localStorage)) countView(pathname);
  }, [pathname]);

  useEffect(() => {
    const onAccepted = () => countView(window.location.pathname);
    window.addEventListener(cookiesAcceptedEvent, onAccepted);
    return () => window.removeEventListener(cookiesAcceptedEvent, onAccepted);
  }, []);

  return null;
}
