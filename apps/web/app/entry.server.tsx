import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { ThemeProvider, themeFromCookies } from "#app/lib/theme.ts";

// The server imports these from the build to fill the request context; they must be the same objects the routes use.
export { servicesContext } from "./context.ts";

export const streamTimeout = 5_000;

/**
 * What a render varies by besides its URL, the build and the articles: the theme cookie, and whether the whole
 * document is awaited (a crawler) or streamed. The server keeps one render of a page per variant (ADR 044), so
 * nothing else about the request may change what is rendered.
 */
export function renderVariant(headers: { cookie?: string | null; userAgent?: string | null }): string {
  return `${themeFromCookies(headers.cookie)} ${crawlerAgent(headers.userAgent ?? "") ? "onAllReady" : "onShellReady"}`;
}

// isbot's pattern is long, and a server sees the same few user agents over and over: each is tested once, up to
// 256 of them kept (then forgotten together).
const crawlerAgents = new Map<string, boolean>();
function crawlerAgent(userAgent: string): boolean {
  let crawler = crawlerAgents.get(userAgent);
  if (crawler === undefined) {
    if (crawlerAgents.size >= 256) crawlerAgents.clear();
    crawler = isbot(userAgent);
    crawlerAgents.set(userAgent, crawler);
  }
  return crawler;
}

const isCrawler = (request: Request) => crawlerAgent(request.headers.get("user-agent") ?? "");

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  // Crawlers and no-JS readers get the whole document at once; browsers get it streamed.
  const readyEvent = isCrawler(request) ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <ThemeProvider value={themeFromCookies(request.headers.get("cookie"))}>
        <ServerRouter context={routerContext} url={request.url} />
      </ThemeProvider>,
      {
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}
