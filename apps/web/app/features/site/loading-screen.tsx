import { Spinner } from "#app/components/ui/spinner.tsx";
import { AppSkeleton } from "#app/features/shell/app-skeleton.tsx";
import { Wordmark } from "./wordmark.tsx";

export type LoadingVariant = "root" | "app" | "get-started" | "other";

/** SPEC.md section 2, "Loading screens": which screen a navigation to `pathname` shows while it loads. */
export function loadingVariantFor(pathname: string): LoadingVariant {
  const path = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  if (path === "/") return "root";
  if (path === "/app" || path.startsWith("/app/")) return "app";
  if (path === "/getstarted") return "get-started";
  return "other";
}

/**
 * The four loading screens: root (loader + wordmark to /), /app/* (the vault skeleton, side panel on larger
 * screens), /getstarted (a loader alone), anything else (loader + wordmark to /app).
 */
export function LoadingScreen({ variant }: { variant: LoadingVariant }) {
  if (variant === "app") {
    return (
      <div className="fixed inset-0 z-50 overflow-hidden bg-canvas">
        <AppSkeleton />
      </div>
    );
  }
  const wordmarkTo = variant === "root" ? "/" : variant === "other" ? "/app" : undefined;
  return (
    <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-8 bg-canvas px-6">
      {wordmarkTo ? <Wordmark to={wordmarkTo} /> : null}
      <div role="status" className="flex flex-col items-center gap-3">
        <Spinner className="size-10" />
        <span className="sr-only">Loading…</span>
      </div>
    </div>
  );
}
