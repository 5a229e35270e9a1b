import { describe, expect, it, vi } from "vitest";
import {
  listSessions,
  revokeOtherSessions,
  revokeSession,
  sessionDevice,
  toSessionRows,
} from "./sessions.ts";

const chromeLinux =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const safariIphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const edgeWindows =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";
const firefoxMac = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0";
const chromeAndroid =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

describe("user agents", () => {
  it.each([
    [chromeLinux, "Chrome on a computer · Linux", "desktop"],
    [safariIphone, "Safari on a phone · iOS", "mobile"],
    [edgeWindows, "Edge on a computer · Windows", "desktop"],
    [firefoxMac, "Firefox on a computer · macOS", "desktop"],
    [chromeAndroid, "Chrome on a phone · Android", "mobile"],
    ["node", "A browser on a computer", "desktop"],
    [null, "A browser on a computer", "desktop"],
  ])("%s -> %s", (ua, device, kind) => {
    expect(sessionDevice(ua)).toEqual({ device, kind });
  });
});

describe("sessions list", () => {
  const sessions = [
    {
      id: "s1",
      createdAt: "2026-11-23T08:00:00.000Z",
      expiresAt: "2026-11-23T20:00:00.000Z",
      ipAddress: "203.0.113.7",
      userAgent: chromeLinux,
    },
    {
      id: "s2",
      createdAt: "2026-11-23T09:00:00.000Z",
      expiresAt: "2026-11-23T21:00:00.000Z",
      ipAddress: "",
      userAgent: safariIphone,
    },
    {
      id: "s3",
      createdAt: "2026-11-23T07:00:00.000Z",
      expiresAt: "2026-11-23T19:00:00.000Z",
      ipAddress: null,
      userAgent: null,
    },
  ];

  it("puts this device first, then the others newest first", () => {
    const rows = toSessionRows(sessions, "s3");
    expect(rows.map((r) => [r.id, r.current])).toEqual([
      ["s3", true],
      ["s2", false],
      ["s1", false],
    ]);
    expect(rows[2]).toMatchObject({ device: "Chrome on a computer · Linux", ipAddress: "203.0.113.7" });
    expect(rows[1]?.ipAddress).toBeNull();
  });

  it("marks the session better-auth says is this browser's", async () => {
    const authRequest = vi.fn(async (path: string) =>
      path === "/list-sessions" ? sessions : { session: { id: "s1" }, user: {} },
    ) as unknown as Parameters<typeof listSessions>[0]["authRequest"];
    const rows = await listSessions({ authRequest, deleteSession: vi.fn() });
    expect(rows.filter((r) => r.current).map((r) => r.id)).toEqual(["s1"]);
  });

  it("revokes one session by its id (never a token), or all the others", async () => {
    const authRequest = vi.fn(async () => ({ status: true })) as unknown as Parameters<
      typeof listSessions
    >[0]["authRequest"];
    const deleteSession = vi.fn(async () => {});
    await revokeSession({ authRequest, deleteSession }, "s2");
    await revokeOtherSessions({ authRequest, deleteSession });
    expect(deleteSession.mock.calls).toEqual([["s2"]]);
    expect(vi.mocked(authRequest).mock.calls).toEqual([["/revoke-other-sessions", {}]]);
  });
});
