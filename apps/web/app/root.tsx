import { pageHydratedEvent } from "@heirloom/contract/page-events";
import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import { SessionHeaderProvider } from "#app/features/session/session-header-provider.tsx";
import { cookiesAcceptedAttribute, cookiesAcceptedKey } from "#app/features/site/cookie-notice-storage.ts";
import { ErrorPage } from "#app/features/site/error-page.tsx";
import { LoadingScreen, loadingVariantFor } from "#app/features/site/loading-screen.tsx";
import { NavigationLoader } from "#app/features/site/navigation-loader.tsx";
import { NewVersionNotice } from "#app/features/site/new-version-notice.tsx";
import { PageViewCounter } from "#app/features/site/page-view-counter.tsx";
import { PublicChrome } from "#app/features/site/public-chrome.tsx";
import { installChunkReloadGuard } from "#app/lib/chunk-reload.ts";
import { QueryProvider } from "#app/lib/query-client.tsx";
import { themeClassName, useThemePreference } from "#app/lib/theme.ts";
import { useReloadAfterChunkError } from "#app/lib/use-reload-after-chunk-error.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function meta({ error }: Route.MetaArgs) {
  const errorTitle = error
    ? isRouteErrorResponse(error) && error.status === 404
      ? "Page not found · Heirloom"
      : "Server Error · Heirloom"
    : undefined;
  return [
    { title: errorTitle ?? "Heirloom" },
    {
      name: "description",
      content:
        "Heirloom keeps your documents, passwords and instructions encrypted so only you can read them, and hands exactly the right pieces to the right people when you can no longer act.",
    },
  ];
}

/**
 * - zod 4 tries `new Function` once as it defines each object schema, to compile validators where it may. Our CSP has
 *   no 'unsafe-eval': the try is refused, zod falls back, but Chrome records a CSP violation on every page. jitless
 *   skips the try; zod reads this global when it loads.
 * - The cookie notice is in every public page's HTML, so a first visit's page does not move down when it appears;
 *   a browser that already said OK marks <html> and the stylesheet hides the notice before it is painted.
 */
const beforeFirstPaint =
  "globalThis.__zod_globalConfig={jitless:true};" +
  `try{if(localStorage.getItem("${cookiesAcceptedKey}")==="true")document.documentElement.setAttribute("${cookiesAcceptedAttribute}","")}catch(e){}`;

export function Layout({ children }: { children: ReactNode }) {
  const theme = useThemePreference();
  // The layout's effect runs after every effect below it, once the whole page has hydrated: a marketing page's boot
  // script holds clicks on its buttons until then (ADR 053). The layout wraps the error page too.
  useEffect(() => {
    document.dispatchEvent(new Event(pageHydratedEvent));
  }, []);
  // The class comes from the theme cookie on both sides ([Note: The theme before first paint] in lib/theme.ts).
  return (
    <html lang="en" className={themeClassName(theme)} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {/* The one stylesheet, given a precedence so React writes it at the top of <head>, ahead of the ~30 module
            preloads: the first paint waits for nothing else (Lighthouse on mobile had it queued behind them). */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
        {/* Before any module runs and before the first paint (an inline script, allowed by its hash), see below. */}
        <script>{beforeFirstPaint}</script>
      </head>
      <body className="min-h-dvh bg-canvas text-ink antialiased">
        <SessionHeaderProvider>{children}</SessionHeaderProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

if (typeof window !== "undefined") installChunkReloadGuard(window);

export default function App() {
  return (
    <>
      <NavigationLoader />
      <NewVersionNotice />
      <PageViewCounter />
      <QueryProvider>
        <Outlet />
      </QueryProvider>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  // A page whose module could not be loaded reloads (once in 10 seconds) rather than show the error.
  const reloading = useReloadAfterChunkError(error);
  if (reloading) return <LoadingScreen variant={loadingVariantFor(pathname)} />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <PublicChrome>
      <ErrorPage status={status} path={pathname} />
    </PublicChrome>
  );
}
