import { useEffect, useState } from "react";
import { Link } from "react-router";
import { acceptCookies, cookieNoticeResetEvent, hasAcceptedCookies } from "./cookie-notice-storage.ts";

/**
 * SPEC.md section 2, "Cookie banner". Rendered only after mount: the server cannot know whether this browser has
 * said OK, so rendering it in the HTML would flash it for returning visitors. It is fixed to the bottom of the
 * viewport, so appearing moves nothing else on the page (no layout shift).
 */
export function CookieBanner() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    setVisible(!hasAcceptedCookies(window.localStorage));
    const onReset = () => setVisible(true);
    window.addEventListener(cookieNoticeResetEvent, onReset);
    return () => window.removeEventListener(cookieNoticeResetEvent, onReset);
  }, []);

  if (!visible) return null;

  return (
    // biome-ignore lint/a11y/useSemanticElements: an explicit role keeps the landmark findable by [role=region] in tests.
    <div
      role="region"
      aria-label="Cookie notice"
      className="fixed inset-x-3 bottom-3 z-30 mx-auto max-w-3xl rounded-2xl border border-line-strong bg-surface p-4 shadow-lg sm:inset-x-6 sm:bottom-6 sm:p-5"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-[0.9375rem] leading-relaxed text-ink">
          We use cookies to improve your experience. By continuing to use Heirloom, you agree to our use of
          cookies.{" "}
          <Link to="/cookies" className="link whitespace-nowrap">
            Cookie details
          </Link>
        </p>
        <button
          type="button"
          className="btn-primary shrink-0 px-8"
          onClick={() => {
            acceptCookies(window.localStorage);
            setVisible(false);
          }}
        >
          OK
        </button>
      </div>
    </div>
  );
}
