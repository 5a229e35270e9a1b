import { apiRoutes, type ContactResponse, contactRequestSchema, fieldMessages } from "@heirloom/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../errors.ts";
import type { ContactService } from "../services/contact.service.ts";
import { perHour } from "./rate-limits.ts";

export function registerContactRoutes(
  app: FastifyInstance,
  deps: { contact: ContactService; perHour: number },
) {
  app.post(apiRoutes.contact, perHour(deps.perHour), async (request, reply) => {
    const parsed = contactRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      throw new AppError(
        "validation_failed",
        "Please correct the highlighted fields.",
        fieldMessages(parsed.error),
      );
    }
    const result: ContactResponse = await deps.contact.submit(parsed.data, { ip: request.ip });
    return reply.code(201).send(result);
  });
}
