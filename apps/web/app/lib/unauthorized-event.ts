// [Note: A 401 while signed in ends the session]
// The server answers 401 once the session is gone (12-hour lifetime reached, signed out elsewhere, password changed
// on another device). callApi announces every 401 with this window event; the session store (session.ts) listens,
// and when this tab believed it was signed in, signs it out to /login. Kept in its own tiny file so the root layout's
// session code can listen without loading the API client.

export const unauthorizedEvent = "heirloom:unauthorized";

/** Tells the page that the server did not recognise the session on a call to `path`. */
export function announceUnauthorized(path: string): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent(unauthorizedEvent, { detail: { path } }));
}
