import {
  apiRoutes,
  fieldMessages,
  phoneStartRequestSchema,
  phoneVerifyRequestSchema,
} from "@heirloom/contract";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { HeirloomAuth } from "../auth/auth.ts";
import { AppError } from "../errors.ts";
import type { PhoneService } from "../services/phone.service.ts";
import { requireSession } from "./session.ts";

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new AppError(
      "validation_failed",
      "Please correct the highlighted fields.",
      fieldMessages(parsed.error),
    );
  return parsed.data;
}

const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: "1 minute" } } });

/** The signed-in user's mobile number for texts (contact preferences). The service limits codes per account too. */
export function registerPhoneRoutes(app: FastifyInstance, deps: { auth: HeirloomAuth; phone: PhoneService }) {
  const { auth, phone } = deps;

  app.get(apiRoutes.phone, async (request, reply) => {
    const { caller } = await requireSession(auth, request);
    reply.header("cache-control", "no-store");
    return phone.status(caller.id);
  });

  app.post(apiRoutes.phone, perMinute(10), async (request) => {
    const { caller } = await requireSession(auth, request);
    return phone.sendCode(caller.id, parse(phoneStartRequestSchema, request.body).phone);
  });

  app.post(apiRoutes.phoneVerify, perMinute(20), async (request) => {
    const { caller } = await requireSession(auth, request);
    return phone.verifyCode(caller.id, parse(phoneVerifyRequestSchema, request.body).code);
  });

  app.delete(apiRoutes.phone, perMinute(10), async (request) => {
    const { caller } = await requireSession(auth, request);
    return phone.remove(caller.id);
  });
}
