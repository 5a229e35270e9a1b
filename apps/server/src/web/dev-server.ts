import middie from "@fastify/middie";
import type { ArticleReader } from "@heirloom/contract";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { registerWebRoutes } from "./ssr.ts";

/**
 * `npm run dev`: Vite serves the web app's modules with hot reload inside this same server, so the API,
 * the pages and the headers are exactly those of production, on one port.
 */
export async function registerDevWebRoutes(
  app: FastifyInstance,
  deps: { webRoot: string; services: { articles: ArticleReader } },
) {
  const { createServer } = await import("vite");
  const vite = await createServer({
    root: deps.webRoot,
    server: { middlewareMode: true },
    appType: "custom",
  });
  app.addHook("onClose", () => vite.close());
  await app.register(middie);
  app.use(vite.middlewares);
  registerWebRoutes(app, {
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    mode: "development",
    services: deps.services,
  });
}
