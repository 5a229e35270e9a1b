import { type KeyValueStorage, readStored, sessionStore } from "#app/features/session/vault-storage.ts";

// [Note: The invitation token never sits in a URL the browser sends]
// The mail links to /invitation#token=...: a fragment never reaches a server, a log or a Referer. The page reads it
// once, keeps it in this tab's sessionStorage (so it survives sign-up, email verification and sign-in in the same
// tab) and takes it out of the address bar and the history entry. It travels only in POST bodies, and is forgotten
// once the invitation is answered or can no longer be.

/** The page every invitation mail links to. */
export const invitationPath = "/invitation";
/** This tab's invitation waiting for an answer (sessionStorage; never localStorage, never a URL). */
export const pendingInvitationKey = "heirloom.pendingInvitation";

/** The contract refuses longer tokens (legacyTokenRequestSchema); a longer one cannot be ours. */
const maxTokenLength = 200;

const usable = (token: string | null | undefined): string | null => {
  const trimmed = token?.trim() ?? "";
  return trimmed && trimmed.length <= maxTokenLength ? trimmed : null;
};

/** The token of `#token=...` (location.hash, with or without its "#"), or null when there is none. */
export function readInvitationToken(hash: string): string | null {
  const fragment = hash.startsWith("#") ? hash.slice(1) : hash;
  return fragment ? usable(new URLSearchParams(fragment).get("token")) : null;
}

export function savePendingInvitation(token: string, storage: KeyValueStorage | null = sessionStore()): void {
  try {
    storage?.setItem(pendingInvitationKey, token);
  } catch {
    // A tab that cannot store it still shows the invitation; the person opens the mail's link again later.
  }
}

export function readPendingInvitation(storage: KeyValueStorage | null = sessionStore()): string | null {
  return usable(readStored(storage, pendingInvitationKey));
}

export function clearPendingInvitation(storage: KeyValueStorage | null = sessionStore()): void {
  try {
    storage?.removeItem(pendingInvitationKey);
  } catch {
    // Nothing was kept.
  }
}

/** Where a sign-in or sign-up in this tab should lead: back to a waiting invitation, or null for the usual place. */
export function pendingInvitationReturn(storage: KeyValueStorage | null = sessionStore()): string | null {
  return readPendingInvitation(storage) ? invitationPath : null;
}

/**
 * The invitation's token on arrival: from the address bar's fragment (then kept for this tab and removed from the
 * address and its history entry), else the one this tab kept earlier.
 */
export function takeInvitationToken(
  location: Pick<Location, "hash" | "pathname" | "search">,
  history: Pick<History, "replaceState" | "state">,
  storage: KeyValueStorage | null = sessionStore(),
): string | null {
  const fromLink = readInvitationToken(location.hash);
  if (location.hash) history.replaceState(history.state, "", `${location.pathname}${location.search}`);
  if (fromLink) {
    savePendingInvitation(fromLink, storage);
    return fromLink;
  }
  return readPendingInvitation(storage);
}
