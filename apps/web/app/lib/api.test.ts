import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, callApi } from "./api.ts";
import { unauthorizedEvent } from "./unauthorized-event.ts";

// The typed client against answers the server could give: what it asks for (method, path, query, body) comes from
// the operations table, and what it hands the page is the answer parsed by the row's schema.

type Seen = { url: string; method: string; body: string | undefined; contentType: string | null };

function answer(status: number, body?: unknown, headers: Record<string, string> = {}) {
  const seen: Seen[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    seen.push({
      url,
      method: init.method ?? "GET",
      body: init.body as string | undefined,
      contentType: new Headers(init.headers).get("content-type"),
    });
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json", ...headers },
    });
  });
  return seen;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("callApi", () => {
  it("fills path parameters from the row's path, encoded, and sends the row's method without a body", async () => {
    const seen = answer(204);
    await expect(callApi("revokeSession", { params: { id: "a/b c" } })).resolves.toBeUndefined();
    expect(seen).toEqual([
      { url: "/api/account/sessions/a%2Fb%20c", method: "DELETE", body: undefined, contentType: null },
    ]);
  });

  it("writes the query string from the defined values only", async () => {
    const seen = answer(200, { entries: [], next: null });
    const page = await callApi("listActivity", { query: { cursor: "abc=", limit: 10 } });
    expect(page).toEqual({ entries: [], next: null });
    expect(seen[0]?.url).toBe("/api/account/activity?cursor=abc%3D&limit=10");
    await callApi("listActivity");
    expect(seen[1]?.url).toBe("/api/account/activity");
  });

  it("sends a JSON body with its content type", async () => {
    const seen = answer(201, { id: "m1", receivedAt: "2026-11-23T10:00:00.000Z" });
    const sent = await callApi("sendContactMessage", {
      body: { name: "Ada", email: "ada@example.com", message: "A question for you." },
    });
    expect(sent).toEqual({ id: "m1", receivedAt: "2026-11-23T10:00:00.000Z" });
    expect(seen[0]?.method).toBe("POST");
    expect(seen[0]?.contentType).toBe("application/json");
    expect(JSON.parse(seen[0]?.body ?? "null")).toEqual({
      name: "Ada",
      email: "ada@example.com",
      message: "A question for you.",
    });
  });

  it("refuses an answer in a shape the row does not describe, instead of handing it to the page", async () => {
    answer(200, { unread: "three" }, { "x-request-id": "req-1" });
    const error = await callApi("countUnreadNotifications").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: "internal", requestId: "req-1" });
    expect((error as ApiError).message).toMatch(/Reload the page/);
  });

  it("turns our error body into an ApiError with its code, message and field messages", async () => {
    answer(400, {
      error: {
        code: "validation_failed",
        message: "Please correct the highlighted fields.",
        requestId: "req-2",
        fields: { zipCode: "Enter a valid postcode." },
      },
    });
    const error = await callApi("updateProfile", { body: { zipCode: "??" } }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      code: "validation_failed",
      fields: { zipCode: "Enter a valid postcode." },
    });
  });

  it("announces a 401 so the session store can sign the tab out", async () => {
    answer(401, {
      error: { code: "unauthenticated", message: "Please sign in to continue.", requestId: "r" },
    });
    const heard = vi.fn();
    const target = new EventTarget();
    vi.stubGlobal("window", target);
    target.addEventListener(unauthorizedEvent, heard);
    await expect(callApi("getProfile")).rejects.toMatchObject({ status: 401, code: "unauthenticated" });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("says the server could not be reached when the request never got an answer", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(callApi("getProfile")).rejects.toMatchObject({ status: 0, code: "network" });
  });
});
