import type { FastifyRequest } from "fastify";
import type { HeirloomAuth } from "../auth/auth.ts";
import { AppError } from "../errors.ts";
import type { Caller } from "../services/account.service.ts";
import { toWebHeaders } from "./auth.routes.ts";

export interface RequestSession {
  caller: Caller;
  sessionId: string;
}

/** The signed-in user of a request (better-auth's session cookie), or undefined for a visitor. */
export async function optionalSession(
  auth: HeirloomAuth,
  request: FastifyRequest,
): Promise<RequestSession | undefined> {
  const found = await auth.api.getSession({ headers: toWebHeaders(request) });
  if (!found) return undefined;
  return {
    caller: {
      id: found.user.id,
      email: found.user.email,
      name: found.user.name,
      emailVerified: Boolean(found.user.emailVerified),
      twoFactorEnabled: Boolean(found.user.twoFactorEnabled),
      userAgent: request.headers["user-agent"] ?? null,
    },
    sessionId: found.session.id,
  };
}

/** The signed-in user of a request; a visitor gets 401 unauthenticated. */
export async function requireSession(auth: HeirloomAuth, request: FastifyRequest): Promise<RequestSession> {
  const found = await optionalSession(auth, request);
  if (!found) throw new AppError("unauthenticated", "Please sign in to continue.");
  return found;
}
