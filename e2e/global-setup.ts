import type { TestProject } from "vitest/node";
import { startServer } from "./support/server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

/** One real server for the browser journeys, on SQLite (or on DATABASE_URL when E2E_DATABASE_URL is set). */
export default async function setup(project: TestProject) {
  const env: Record<string, string> = {};
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  const server = await startServer(env);
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", server.dataDir);
  return async () => server.stop();
}
