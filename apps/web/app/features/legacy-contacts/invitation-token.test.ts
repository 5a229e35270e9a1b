import { describe, expect, it, vi } from "vitest";
import { memoryStorage } from "#app/features/session/testing/memory-storage.ts";
import {
  clearPendingInvitation,
  pendingInvitationKey,
  pendingInvitationReturn,
  readInvitationToken,
  readPendingInvitation,
  savePendingInvitation,
  takeInvitationToken,
} from "./invitation-token.ts";

const token = "q1XyZ-abc_DEF0123456789q1XyZ-abc_DEF012345";

function fakeBrowser(hash: string) {
  const location = { hash, pathname: "/invitation", search: "" };
  const history = { state: { idx: 3 }, replaceState: vi.fn() };
  return { location, history };
}

describe("reading the token from the link's fragment", () => {
  it("reads #token=... with or without the #", () => {
    expect(readInvitationToken(`#token=${token}`)).toBe(token);
    expect(readInvitationToken(`token=${token}`)).toBe(token);
  });

  it("has no token for an empty fragment, another fragment, an empty value or a token too long to be ours", () => {
    expect(readInvitationToken("")).toBeNull();
    expect(readInvitationToken("#")).toBeNull();
    expect(readInvitationToken("#auth")).toBeNull();
    expect(readInvitationToken("#token=")).toBeNull();
    expect(readInvitationToken("#token=%20%20")).toBeNull();
    expect(readInvitationToken(`#token=${"a".repeat(201)}`)).toBeNull();
  });
});

describe("the invitation kept for this tab", () => {
  it("is saved, read, pointed to after sign-in, and cleared", () => {
    const storage = memoryStorage();
    expect(readPendingInvitation(storage)).toBeNull();
    expect(pendingInvitationReturn(storage)).toBeNull();
    savePendingInvitation(token, storage);
    expect(storage.dump()).toEqual({ [pendingInvitationKey]: token });
    expect(readPendingInvitation(storage)).toBe(token);
    expect(pendingInvitationReturn(storage)).toBe("/invitation");
    clearPendingInvitation(storage);
    expect(storage.dump()).toEqual({});
  });

  it("reads as none without storage (server rendering) or when storage throws", () => {
    expect(readPendingInvitation(null)).toBeNull();
    const broken = memoryStorage();
    broken.getItem = () => {
      throw new Error("denied");
    };
    broken.setItem = () => {
      throw new Error("denied");
    };
    expect(() => savePendingInvitation(token, broken)).not.toThrow();
    expect(readPendingInvitation(broken)).toBeNull();
  });
});

describe("taking the token on arrival", () => {
  it("keeps the link's token for the tab and removes the fragment from the address and its history entry", () => {
    const storage = memoryStorage();
    const { location, history } = fakeBrowser(`#token=${token}`);
    expect(takeInvitationToken(location, history, storage)).toBe(token);
    expect(readPendingInvitation(storage)).toBe(token);
    // Replaces (not pushes) the entry, keeping the router's state, with no fragment and no token anywhere.
    expect(history.replaceState).toHaveBeenCalledWith({ idx: 3 }, "", "/invitation");
  });

  it("prefers a new link's token over one kept earlier", () => {
    const storage = memoryStorage({ [pendingInvitationKey]: "older-token" });
    const { location, history } = fakeBrowser(`#token=${token}`);
    expect(takeInvitationToken(location, history, storage)).toBe(token);
    expect(readPendingInvitation(storage)).toBe(token);
  });

  it("comes back to the kept token after sign-up or sign-in, without touching the address", () => {
    const storage = memoryStorage({ [pendingInvitationKey]: token });
    const { location, history } = fakeBrowser("");
    expect(takeInvitationToken(location, history, storage)).toBe(token);
    expect(history.replaceState).not.toHaveBeenCalled();
  });

  it("has nothing when neither the address nor the tab holds a token", () => {
    const { location, history } = fakeBrowser("#auth");
    expect(takeInvitationToken(location, history, memoryStorage())).toBeNull();
  });
});
