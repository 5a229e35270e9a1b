import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import type { ArticleReader } from "@heirloom/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  createRequestHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { aliasRedirect } from "./aliases.ts";

/** The context keys the web build exports from its entry.server (they must be the very objects its routes read). */
interface WebEntryExports {
  servicesContext: RouterContext<{ articles: ArticleReader }>;
  nonceContext: RouterContext<string>;
}

/** Where a tab reads which build the server runs now (web/build-watch in the web app polls it). */
export const latestBuildPath = "/latest-build.json";

export async function loadWebBuild(webBuildDir: string): Promise<ServerBuild> {
  const entry = path.join(webBuildDir, "server", "index.js");
  try {
    return (await import(pathToFileURL(entry).href)) as ServerBuild;
  } catch (error) {
    throw new Error(`The web app is not built (${entry} could not be loaded). Run \`npm run build\` first.`, {
      cause: error,
    });
  }
}

function toWebRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const controller = new AbortController();
  request.raw.once("close", () => controller.abort());
  return new Request(url, { method: request.method, headers, signal: controller.signal });
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}

/**
 * Every GET that no API route or static file claims is rendered by React Router: public pages arrive as HTML,
 * the signed-in area as its skeleton. Aliases redirect first.
 */
export function registerWebRoutes(
  app: FastifyInstance,
  deps: {
    /** The build; in development a function, so each request sees the latest code from Vite. */
    build: ServerBuild | (() => Promise<ServerBuild>);
    mode: "production" | "development";
    services: { articles: ArticleReader };
  },
) {
  const handle = createRequestHandler(deps.build, deps.mode);
  const contextKeys = async (): Promise<WebEntryExports> => {
    const build = typeof deps.build === "function" ? await deps.build() : deps.build;
    const { servicesContext, nonceContext } = build.entry.module as unknown as Partial<WebEntryExports>;
    if (!servicesContext || !nonceContext) {
      throw new Error("The web build does not export servicesContext and nonceContext from entry.server.");
    }
    return { servicesContext, nonceContext };
  };

  // SPEC section 7 build-version polling: an open tab compares this with the build it runs (the manifest version
  // React Router puts in every page) and offers to reload once a new build is deployed.
  app.get(latestBuildPath, async (_request, reply) => {
    const build = typeof deps.build === "function" ? await deps.build() : deps.build;
    reply.header("cache-control", "no-store");
    return { version: build.assets.version };
  });

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    handler: async (request, reply) => {
      const url = new URL(request.url, "http://local");
      const target = aliasRedirect(url.pathname, url.search);
      if (target) return reply.redirect(target, 302);

      const { servicesContext, nonceContext } = await contextKeys();
      const context = new RouterContextProvider();
      context.set(servicesContext, deps.services);
      context.set(nonceContext, reply.cspNonce?.script ?? "");
      const response = await handle(toWebRequest(request), context);
      if (!response.headers.has("cache-control")) reply.header("cache-control", "no-cache");
      return sendWebResponse(reply, response);
    },
  });
}
