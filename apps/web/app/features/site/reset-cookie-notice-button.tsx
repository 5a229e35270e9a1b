import { useState } from "react";
import { resetCookieNotice } from "./cookie-notice-storage.ts";

/** Forgets this browser's OK to the cookie notice, so the notice shows again (now and on later visits). */
export function ResetCookieNoticeButton() {
  const [done, setDone] = useState(false);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <button
        type="button"
        className="btn-secondary"
        onClick={() => {
          resetCookieNotice(window);
          setDone(true);
        }}
      >
        Reset the cookie notice
      </button>
      <p role="status" className="text-[0.9375rem] text-ink-muted">
        {done ? "Done. The cookie notice is showing again, and will until you press OK." : ""}
      </p>
    </div>
  );
}
