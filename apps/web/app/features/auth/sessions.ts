import { authRequest } from "./auth-api.ts";

// The account's active sessions, from better-auth (GET /list-sessions; this browser's from GET /get-session), and
// the ways to end them (POST /revoke-session, POST /revoke-other-sessions).

/** One session as better-auth lists it (dates arrive as ISO strings). */
export interface AuthSessionDto {
  id: string;
  token: string;
  createdAt: string;
  updatedAt?: string;
  expiresAt: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** A session as the page shows it. */
export interface SessionRow {
  id: string;
  /** What revoke-session takes. */
  token: string;
  /** "Chrome on Windows", or "Unknown browser" when the user agent says nothing we know. */
  device: string;
  kind: "desktop" | "mobile";
  ipAddress: string | null;
  createdAt: Date;
  /** This browser's own session. */
  current: boolean;
}

export interface SessionsDeps {
  authRequest<T>(path: `/${string}`, body?: unknown): Promise<T>;
}

const browsers: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/CriOS\/|Chrome\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const systems: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

/** A short, readable name for a user agent: browser and operating system, and whether it is a phone or tablet. */
export function describeUserAgent(userAgent: string | null | undefined): {
  browser: string | null;
  os: string | null;
  device: string;
  kind: "desktop" | "mobile";
} {
  const ua = userAgent ?? "";
  const browser = browsers.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const os = systems.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const kind = /Mobi|Android|iPhone|iPad|iPod/.test(ua) ? "mobile" : "desktop";
  const device =
    browser && os ? `${browser} on ${os}` : (browser ?? (os ? `A browser on ${os}` : "Unknown browser"));
  return { browser, os, device, kind };
}

/** This browser's session first, then the others, newest first. */
export function toSessionRows(sessions: readonly AuthSessionDto[], currentId: string | null): SessionRow[] {
  return sessions
    .map((s) => {
      const { device, kind } = describeUserAgent(s.userAgent);
      return {
        id: s.id,
        token: s.token,
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
export async function revokeSession(deps: SessionsDeps, token: string): Promise<void> {
  await deps.authRequest("/revoke-session", { token });
}

/** Signs out every session except this browser's. */
export async function revokeOtherSessions(deps: SessionsDeps): Promise<void> {
  await deps.authRequest("/revoke-other-sessions", {});
}

export const browserSessionsDeps: SessionsDeps = { authRequest: (path, body) => authRequest(path, body) };
