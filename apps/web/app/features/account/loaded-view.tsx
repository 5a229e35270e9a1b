import type { ReactNode } from "react";
import { Notice } from "#app/components/ui/notice.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import type { Loaded } from "./use-loaded.ts";

/** A panel's three moments: loading (announced), failed (with a retry), ready. */
export function LoadedView<T>({
  state,
  retry,
  label,
  children,
}: {
  state: Loaded<T>;
  retry: () => void;
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (state.status === "ready") return <>{children(state.data)}</>;
  if (state.status === "failed") {
    return (
      <div role="alert">
        <Notice tone="danger" title={`We couldn't load ${label}`}>
          <p>{state.message}</p>
          <button type="button" className="btn-secondary mt-3" onClick={retry}>
            Try again
          </button>
        </Notice>
      </div>
    );
  }
  return (
    <p role="status" className="flex items-center gap-2 text-ink-muted">
      <Spinner className="size-5" />
      Loading {label}...
    </p>
  );
}
