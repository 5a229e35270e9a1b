import { useEffect, useState } from "react";
import { buildCheckIntervalMs, fetchLatestBuild, isNewBuild, runningBuild } from "#app/lib/build-version.ts";

/**
 * A new build was deployed while this tab was open: say so and offer to reload. Never reloads by itself, so a form
 * being filled in or an upload under way is not lost; the person reloads when they are ready. It sits at the top of
 * the page's flow, covering nothing, and is announced.
 */
export function NewVersionNotice() {
  const [available, setAvailable] = useState(false);

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      if (stopped || document.visibilityState !== "visible") return;
      if (isNewBuild(runningBuild(window), await fetchLatestBuild(window.fetch.bind(window)))) {
        setAvailable(true);
        stopped = true;
      }
    };
    const timer = window.setInterval(() => void check(), buildCheckIntervalMs);
    const onVisible = () => void check();
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
    };
  }, []);

  if (!available) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an explicit role keeps the landmark findable by [role=region] in tests.
    <div
      role="region"
      aria-label="New version"
      className="flex flex-col gap-3 border-b border-line-strong bg-surface px-4 py-3 sm:flex-row sm:items-center sm:justify-center sm:gap-6"
    >
      <p role="status" className="text-[0.9375rem] text-ink">
        A new version of Heirloom is available. Reload when you have finished what you are doing.
      </p>
      <button type="button" className="btn-primary shrink-0" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
