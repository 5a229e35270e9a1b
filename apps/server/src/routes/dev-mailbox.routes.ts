import { apiRoutes } from "@heirloom/contract";
import { operationsById } from "@heirloom/contract/operations";
import type { FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import { readOutbox } from "../mail/outbox-mailer.ts";
import type { OperationRoute } from "./operation-route.ts";

const loopback = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * A request made on this computer, straight to the server: a loopback peer and no proxy in between. The TCP peer is
 * read, never X-Forwarded-For, which a client can write.
 */
export function isDirectLocalRequest(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? "";
  return loopback.has(peer) && !request.headers["x-forwarded-for"] && !request.headers.forwarded;
}

/**
 * The local outbox, newest first, for someone running the app without an SMTP server. DEV_MAILBOX off: not
 * registered, so the path answers the ordinary 404. "local" (the default without SMTP_URL): only for requests made on
 * this computer; anyone else gets the same 404, because the outbox holds everyone's verification and reset links.
 */
export function registerDevMailboxRoutes(
  route: OperationRoute,
  deps: { outboxDir: string; mode: "local" | "on" },
) {
  route(operationsById.getDevMailbox, async ({ request, reply }) => {
    if (deps.mode === "local" && !isDirectLocalRequest(request)) {
      throw new AppError("not_found", `Route GET:${apiRoutes.devMailbox} not found`);
    }
    reply.header("cache-control", "no-store");
    return { messages: await readOutbox(deps.outboxDir) };
  });
}
