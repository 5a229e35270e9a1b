import { callApi } from "#app/lib/api.ts";
import { authRequest } from "./auth-api.ts";
import { describeUserAgent } from "./user-agent.ts";

// The account's active sessions, from better-auth (GET /list-sessions; this browser's from GET /get-session), and
// the ways to end them (DELETE /api/account/sessions/{id}, POST /revoke-other-sessions). No answer carries a
// session's token: sessions are named by id.

/** One session as better-auth lists it (dates arrive as ISO strings). */
export interface AuthSessionDto {
  id: string;
  createdAt: string;
  updatedAt?: string;
  expiresAt: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** A session as the page shows it. */
export interface SessionRow {
  /** What DELETE /api/account/sessions/{id} takes. */
  id: string;
  /** "Chrome on a computer · Windows", or "A browser on a computer" when the user agent says nothing we know. */
  device: string;
  kind: "desktop" | "mobile";
  ipAddress: string | null;
  createdAt: Date;
  /** This browser's own session. */
  current: boolean;
}

export interface SessionsDeps {
  authRequest<T>(path: `/${string}`, body?: unknown): Promise<T>;
  deleteSession(id: string): Promise<void>;
}

/**
 * How the list names a session: the same coarse description the activity log uses (user-agent.ts), e.g.
 * "Chrome on a computer · Linux", and whether to draw a phone or a screen.
 */
export function sessionDevice(userAgent: string | null | undefined): {
  device: string;
  kind: "desktop" | "mobile";
} {
  const { device, operating } = describeUserAgent(userAgent ?? "");
  return {
    device: operating === "Unknown" ? device : `${device} · ${operating}`,
    kind: /on a (phone|tablet)$/.test(device) ? "mobile" : "desktop",
  };
}

/** This browser's session first, then the others, newest first. */
export function toSessionRows(sessions: readonly AuthSessionDto[], currentId: string | null): SessionRow[] {
  return sessions
    .map((s) => {
      const { device, kind } = sessionDevice(s.userAgent);
      return {
        id: s.id,
        device,
        kind,
        ipAddress: s.ipAddress || null,
        createdAt: new Date(s.createdAt),
        current: s.id === currentId,
      };
    })
    .sort((a, b) => Number(b.current) - Number(a.current) || b.createdAt.getTime() - a.createdAt.getTime());
}

export async function listSessions(deps: SessionsDeps): Promise<SessionRow[]> {
  const [sessions, current] = await Promise.all([
    deps.authRequest<AuthSessionDto[]>("/list-sessions"),
    deps.authRequest<{ session?: { id?: string } } | null>("/get-session"),
  ]);
  return toSessionRows(Array.isArray(sessions) ? sessions : [], current?.session?.id ?? null);
}

/** Signs one other device out; its next request is refused. */
export async function revokeSession(deps: SessionsDeps, id: string): Promise<void> {
  await deps.deleteSession(id);
}

/** Signs out every session except this browser's. */
export async function revokeOtherSessions(deps: SessionsDeps): Promise<void> {
  await deps.authRequest("/revoke-other-sessions", {});
}

export const browserSessionsDeps: SessionsDeps = {
  authRequest: (path, body) => authRequest(path, body),
  deleteSession: (id) => callApi("revokeSession", { params: { id } }),
};
