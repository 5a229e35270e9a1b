import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ArticleReader } from "@heirloom/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { RequestHandler, RouterContext, RouterContextProvider, ServerBuild } from "react-router";
import { acceptedEncoding } from "../accepted-encoding.ts";
import { aliasRedirect } from "./aliases.ts";
import { type CachedPage, inlineScriptHashes, type PageCache, policyWithHashes } from "./page-cache.ts";
import { loadScriptsAfterPaint } from "./paint-first.ts";
import { isApiPath } from "./security-headers-hook.ts";

/** What the web build exports from its entry.server (the context keys must be the very objects its routes read). */
interface WebEntryExports {
  servicesContext: RouterContext<{ articles: ArticleReader }>;
  /** What a render varies by besides its URL, the build and the articles. */
  renderVariant: (headers: { cookie?: string | null; userAgent?: string | null }) => string;
}

/** React Router's request handler for the build, and its context provider, once loaded. */
interface RequestHandling {
  handle: RequestHandler;
  RouterContextProvider: typeof RouterContextProvider;
}

/** Where a tab reads which build the server runs now (web/build-watch in the web app polls it). */
export const latestBuildPath = "/latest-build.json";

/** The web build's server entry; a missing one stops the server at boot, with what to do. */
export function webBuildEntry(webBuildDir: string): string {
  const entry = path.join(webBuildDir, "server", "index.js");
  if (!existsSync(entry))
    throw new Error(`The web app is not built (${entry} is missing). Run \`npm run build\` first.`);
  return entry;
}

export async function loadWebBuild(webBuildDir: string): Promise<ServerBuild> {
  const entry = webBuildEntry(webBuildDir);
  try {
    return (await import(pathToFileURL(entry).href)) as ServerBuild;
  } catch (error) {
    throw new Error(`The web app is not built (${entry} could not be loaded). Run \`npm run build\` first.`, {
      cause: error,
    });
  }
}

/**
 * The request as React Router reads it: always a GET (Node leaves the body out of a HEAD answer). It is aborted when
 * the client goes away, unless the render is kept for others.
 */
function toWebRequest(request: FastifyRequest, abortable: boolean): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  if (!abortable) return new Request(url, { method: "GET", headers });
  const controller = new AbortController();
  request.raw.once("close", () => controller.abort());
  return new Request(url, { method: "GET", headers, signal: controller.signal });
}

/** A rendered page's own headers, as kept: not its cookies, length or encoding. Pages are revalidated. */
function pageHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = { "cache-control": "no-cache" };
  for (const [name, value] of response.headers) {
    if (name === "set-cookie" || name === "content-length" || name === "content-encoding") continue;
    headers[name] = value;
  }
  return headers;
}

/** The inline scripts of a page are allowed by their hashes, in this response's CSP. */
function allowScripts(reply: FastifyReply, scriptHashes: readonly string[]) {
  const policy = reply.getHeader("content-security-policy");
  if (typeof policy === "string")
    reply.header("content-security-policy", policyWithHashes(policy, scriptHashes));
}

/**
 * A kept page's CSP, made once per page: the pages' policy from the security headers (the same for every answer, ADR
 * 060) with the page's own script hashes. (Made per answer, it was a tenth of the time a kept page cost.)
 */
const keptPolicies = new WeakMap<CachedPage, string>();
function allowKeptScripts(reply: FastifyReply, page: CachedPage) {
  let kept = keptPolicies.get(page);
  if (kept === undefined) {
    const policy = reply.getHeader("content-security-policy");
    if (typeof policy !== "string") return;
    kept = policyWithHashes(policy, page.scriptHashes);
    keptPolicies.set(page, kept);
  }
  reply.header("content-security-policy", kept);
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  allowKeptScripts(reply, page);
  for (const [name, value] of Object.entries(page.headers)) reply.header(name, value);
  // Weak: the brotli, gzip and plain bodies are one page, not the same bytes.
  const etag = `W/${page.etag}`;
  reply.header("etag", etag);
  reply.header("vary", "accept-encoding");
  if (request.headers["if-none-match"] === etag) return reply.code(304).send();
  const encoding = acceptedEncoding(request.headers["accept-encoding"]);
  if (encoding) reply.header("content-encoding", encoding);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.html;
  reply.header("content-length", body.length);
  return reply.code(200).send(body);
}

/**
 * A request's path and query string. A plain path (letters, digits, `-`, `_` and single slashes, no query) is
 * already what the URL parser would answer, and is taken as it is: parsing it was a twentieth of what a kept page
 * cost. Anything else is parsed.
 */
export function pathAndSearch(rawUrl: string): { pathname: string; search: string } {
  if (/^(?:\/[A-Za-z0-9_-]+)*\/?$/.test(rawUrl)) return { pathname: rawUrl, search: "" };
  const url = new URL(rawUrl, "http://local");
  return { pathname: url.pathname, search: url.search };
}

/**
 * Every GET that no API route or static file claims is rendered by React Router: public pages arrive as HTML,
 * the signed-in area as its skeleton. Aliases redirect first.
 */
export function registerWebRoutes(
  app: FastifyInstance,
  deps: {
    /**
     * The build, asked for at each page request: in production it loads at the first ask and is the same build
     * from then on (ADR 051); in development each request sees the latest code from Vite.
     */
    build: () => Promise<ServerBuild>;
    mode: "production" | "development";
    services: { articles: ArticleReader };
    /** Where rendered pages are kept (production); without it every request renders. */
    pages?: PageCache;
  },
) {
  const current = deps.build;
  // React Router (77 modules with its own imports, 0.1 s to load here) is imported at the first page, not at boot:
  // a restart answers sooner (issue 16), and the web build, which the server loads a second after it listens, imports
  // it then. It derives its routes once from a build it is given, and on every request from a function (development).
  let handling: Promise<RequestHandling> | undefined;
  const requestHandling = () => {
    handling ??= import("react-router").then(async ({ createRequestHandler, RouterContextProvider }) => ({
      handle: createRequestHandler(deps.mode === "development" ? deps.build : await current(), deps.mode),
      RouterContextProvider,
    }));
    return handling;
  };
  const contextKeys = async (): Promise<WebEntryExports> => {
    const build = await current();
    const { servicesContext, renderVariant } = build.entry.module as unknown as Partial<WebEntryExports>;
    if (!servicesContext || !renderVariant) {
      throw new Error("The web build does not export servicesContext and renderVariant from entry.server.");
    }
    return { servicesContext, renderVariant };
  };

  let knownKeys: WebEntryExports | undefined;

  // SPEC section 7 build-version polling: an open tab compares this with the build it runs (the manifest version
  // React Router puts in every page) and offers to reload once a new build is deployed.
  app.get(latestBuildPath, async (_request, reply) => {
    const build = await current();
    reply.header("cache-control", "no-store");
    return { version: build.assets.version };
  });

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    handler: async (request, reply) => {
      const url = pathAndSearch(request.url);
      // An API path no route claims is the API's JSON 404, not a page (rendering one cost 6 ms).
      if (isApiPath(url.pathname)) return reply.callNotFound();
      const target = aliasRedirect(url.pathname, url.search);
      if (target) return reply.redirect(target, 302);

      // The build's context keys never change in production: read once, then without waiting on a promise.
      const keys = knownKeys ?? (await contextKeys());
      if (deps.mode === "production") knownKeys = keys;
      // Pages render without a nonce: their inline scripts are allowed by hash, so a page is the same bytes for
      // everyone and can be kept and compressed once (ADR 044).
      const render = async (webRequest: Request) => {
        const { handle, RouterContextProvider } = await requestHandling();
        const context = new RouterContextProvider();
        context.set(keys.servicesContext, deps.services);
        const response = await handle(webRequest, context);
        // Marketing pages ask for their scripts after their first paint (ADR 053).
        return { response, html: loadScriptsAfterPaint(await response.text()) };
      };
      let once: Awaited<ReturnType<typeof render>> | undefined;
      const variant = keys.renderVariant({
        cookie: request.headers.cookie,
        userAgent: request.headers["user-agent"],
      });
      const page =
        deps.pages && url.search === ""
          ? await deps.pages.get(`${url.pathname}\n${variant}`, async () => {
              once = await render(toWebRequest(request, false));
              const { response, html } = once;
              const keep =
                response.status === 200 &&
                (response.headers.get("content-type") ?? "").startsWith("text/html") &&
                !response.headers.has("set-cookie");
              return keep ? { html, headers: pageHeaders(response) } : undefined;
            })
          : undefined;
      if (page) return sendPage(request, reply, page);

      // Not kept (a query string, a 404, development): rendered for this request alone.
      const { response, html } = once ?? (await render(toWebRequest(request, true)));
      allowScripts(reply, inlineScriptHashes(html));
      reply.code(response.status);
      for (const [name, value] of Object.entries(pageHeaders(response))) reply.header(name, value);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      return reply.send(html);
    },
  });
}
