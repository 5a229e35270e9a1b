import { apiRoutes } from "@heirloom/contract";
import type { FastifyInstance } from "fastify";
import { readOutbox } from "../mail/outbox-mailer.ts";

/**
 * The local outbox, newest first, for someone running the app without an SMTP server (DEV_MAILBOX). Not registered
 * at all when DEV_MAILBOX is off, so the path answers the ordinary 404.
 */
export function registerDevMailboxRoutes(app: FastifyInstance, deps: { outboxDir: string }) {
  app.get(apiRoutes.devMailbox, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { messages: await readOutbox(deps.outboxDir) };
  });
}
