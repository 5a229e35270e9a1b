import { useEffect, useState } from "react";
import { Link } from "react-router";
import {
  acceptCookies,
  cookieNoticeResetEvent,
  cookiesAcceptedAttribute,
  cookiesAcceptedEvent,
  hasAcceptedCookies,
} from "./cookie-notice-storage.ts";

/**
 * SPEC.md section 2, "Cookie banner". It sits in the page's flow below the header, never over the page: a banner
 * fixed over the page covered the sign-up form's terms checkbox and its button. It is in the server's HTML, so a
 * first visit's page does not move down when it appears (Lighthouse counted that shift on every public page); a
 * browser that already said OK has <html data-cookies-accepted> set before the first paint (root.tsx), which hides
 * it, and once mounted it is not rendered at all.
 */
export function CookieBanner() {
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    setVisible(!hasAcceptedCookies(window.localStorage));
    const onReset = () => {
      document.documentElement.removeAttribute(cookiesAcceptedAttribute);
      setVisible(true);
    };
    window.addEventListener(cookieNoticeResetEvent, onReset);
    return () => window.removeEventListener(cookieNoticeResetEvent, onReset);
  }, []);

  if (!visible) return null;

  return (
    // biome-ignore lint/a11y/useSemanticElements: an explicit role keeps the landmark findable by [role=region] in tests.
    <div
      role="region"
      aria-label="Cookie notice"
      data-cookie-notice=""
      className="border-b border-line-strong bg-surface px-4 py-3 sm:px-6"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-[0.9375rem] leading-relaxed text-ink">
          We use cookies to improve your experience. By continuing to use Heirloom, you agree to our use of
          cookies.{" "}
          <Link to="/cookies" className="link whitespace-nowrap">
            Cookie details
          </Link>
        </p>
        <button
          type="button"
          className="btn-primary shrink-0 self-start px-8 sm:self-auto"
          onClick={() => {
            acceptCookies(window.localStorage);
            setVisible(false);
            window.dispatchEvent(new Event(cookiesAcceptedEvent));
          }}
        >
          OK
        </button>
      </div>
    </div>
  );
}
