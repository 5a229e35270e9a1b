import type { FastifyInstance, FastifyRequest } from "fastify";
import type { HeirloomAuth } from "../auth/auth.ts";
import type { SessionCache } from "../auth/session-cache.ts";
import { AppError } from "../errors.ts";
import type { Caller } from "../services/account.service.ts";
import { toWebHeaders } from "./auth.routes.ts";

export interface RequestSession {
  caller: Caller;
  sessionId: string;
}

/** What a session lookup keeps: the signed-in user and session, without anything of the request. */
export interface SessionFound {
  userId: string;
  email: string;
  name: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  sessionId: string;
  expiresAtMs: number;
}

export interface Sessions {
  /** The signed-in user of a request (better-auth's session cookie), or undefined for a visitor. */
  optional(request: FastifyRequest): Promise<RequestSession | undefined>;
  /** The signed-in user of a request; a visitor gets 401 unauthenticated. */
  require(request: FastifyRequest): Promise<RequestSession>;
}

/** Sessions checked by better-auth's getSession, its answers kept as auth/session-cache.ts says. */
export function createSessions(auth: HeirloomAuth, cache: SessionCache<SessionFound>): Sessions {
  async function lookup(request: FastifyRequest): Promise<SessionFound | undefined> {
    const found = await auth.api.getSession({ headers: toWebHeaders(request) });
    if (!found) return undefined;
    return {
      userId: found.user.id,
      email: found.user.email,
      name: found.user.name,
      emailVerified: Boolean(found.user.emailVerified),
      twoFactorEnabled: Boolean(found.user.twoFactorEnabled),
      sessionId: found.session.id,
      expiresAtMs: new Date(found.session.expiresAt).getTime(),
    };
  }

  async function optional(request: FastifyRequest): Promise<RequestSession | undefined> {
    const cookie = request.headers.cookie;
    // better-auth finds a session only in its cookie: no Cookie header, no session.
    if (!cookie) return undefined;
    const found = await cache.read(cookie, () => lookup(request));
    if (!found) return undefined;
    return {
      caller: {
        id: found.userId,
        email: found.email,
        name: found.name,
        emailVerified: found.emailVerified,
        twoFactorEnabled: found.twoFactorEnabled,
        userAgent: request.headers["user-agent"] ?? null,
      },
      sessionId: found.sessionId,
    };
  }

  return {
    optional,
    async require(request) {
      const found = await optional(request);
      if (!found) throw new AppError("unauthenticated", "Please sign in to continue.");
      return found;
    },
  };
}

declare module "fastify" {
  interface FastifyRequest {
    /** The session cache's count of changes when the request arrived (registerSessionCacheHooks). */
    sessionChangesAtStart: number;
  }
}

/**
 * A request that wrote a session or user row empties the session cache once more just before its answer goes out:
 * its transaction has committed by then, so an answer looked up between the write and the commit is gone too. The
 * count at arrival is a field of every request (Fastify's decorateRequest), not an entry in a WeakMap: a WeakMap
 * entry per request is work for every garbage collection until the request is gone.
 */
export function registerSessionCacheHooks(app: FastifyInstance, cache: SessionCache<SessionFound>) {
  app.decorateRequest("sessionChangesAtStart", 0);
  app.addHook("onRequest", (request, _reply, done) => {
    request.sessionChangesAtStart = cache.changes();
    done();
  });
  app.addHook("onSend", (request, _reply, payload, done) => {
    if (request.sessionChangesAtStart !== cache.changes()) cache.forget();
    done(null, payload);
  });
}
