/** SPEC.md section 3, "Browser-stored values": the flag the cookie banner's OK button writes to localStorage. */
export const cookiesAcceptedKey = "cookiesAccepted";

/** Set on <html> before the first paint when this browser has said OK (root.tsx), so the stylesheet hides the notice. */
export const cookiesAcceptedAttribute = "data-cookies-accepted";

/** Fired on window when the cookies page resets the notice, so an open page can show the banner again at once. */
export const cookieNoticeResetEvent = "heirloom:cookie-notice-reset";
/** Fired on window when the person says OK, so the page they are on is counted (features/site/page-view-counter). */
export const cookiesAcceptedEvent = "heirloom:cookies-accepted";

export function hasAcceptedCookies(storage: Storage): boolean {
  try {
    return storage.getItem(cookiesAcceptedKey) === "true";
  } catch {
    return false; // storage blocked (private mode, policy): show the notice, it does no harm
  }
}

export function acceptCookies(storage: Storage) {
  try {
    storage.setItem(cookiesAcceptedKey, "true");
  } catch {
    // storage blocked: the notice hides for this page view and returns on the next one
  }
}

export function resetCookieNotice(win: Window) {
  try {
    win.localStorage.removeItem(cookiesAcceptedKey);
  } catch {
    // nothing stored, nothing to remove
  }
  win.dispatchEvent(new Event(cookieNoticeResetEvent));
}
