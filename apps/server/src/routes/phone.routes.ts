import { apiRoutes, phoneStartRequestSchema, phoneVerifyRequestSchema } from "@heirloom/contract";
import type { FastifyInstance } from "fastify";
import type { HeirloomAuth } from "../auth/auth.ts";
import type { PhoneService } from "../services/phone.service.ts";
import { parse } from "./parse.ts";
import { perMinute } from "./rate-limits.ts";
import { requireSession } from "./session.ts";

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
