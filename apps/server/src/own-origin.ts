import type { IncomingHttpHeaders } from "node:http";
import type { AppConfig } from "./config.ts";

/**
 * The origins our own pages are served from: PUBLIC_URL, and when it is unset (`npm start` on one machine) the loopback
 * addresses of the same port as well, so http://127.0.0.1:8080 works as http://localhost:8080 does. Never the Host
 * header of a request: whoever sends the request writes that.
 */
export function ownOrigins(config: Pick<AppConfig, "publicUrl" | "publicUrlIsDefault" | "port">): string[] {
  if (!config.publicUrlIsDefault) return [config.publicUrl];
  return [config.publicUrl, `http://127.0.0.1:${config.port}`, `http://[::1]:${config.port}`];
}

/**
 * [Note: Which requests count as our own pages'] A browser names the page behind every state-changing request: the
 * Origin header (sent on every POST, PUT, PATCH and DELETE) and Fetch Metadata's Sec-Fetch-Site. A request is refused
 * when either names another site (an Origin other than ours, or a Sec-Fetch-Site other than same-origin or none). One with neither header does not come from a browser page (a script, curl), carries
 * no ambient cookie of a visitor's, and is left to the session check.
 */
export function isForeignRequest(headers: IncomingHttpHeaders, origins: readonly string[]): boolean {
  const origin = headers.origin;
  if (origin !== undefined && !origins.includes(origin)) return true;
  const site = headers["sec-fetch-site"];
  return site !== undefined && site !== "same-origin" && site !== "none";
}
