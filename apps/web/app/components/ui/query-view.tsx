import type { ReactNode } from "react";
import { Notice } from "./notice.tsx";
import { Spinner } from "./spinner.tsx";

/**
 * A query's three moments, the same on every page: loading (announced to screen readers), failed (what and a retry),
 * ready (the children, given the data). `label` names what is loaded, e.g. "your details".
 */
export function QueryView<T>({
  query,
  label,
  children,
}: {
  query: {
    status: "pending" | "error" | "success";
    data: T | undefined;
    isRefetching: boolean;
    refetch: () => unknown;
  };
  label: string;
  children: (data: T) => ReactNode;
}) {
  // Data already shown stays shown when a later read fails (the part that failed says so itself).
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.status === "error") {
    return (
      <div role="alert">
        <Notice tone="danger" title={`We couldn't load ${label}.`}>
          <p>Check your connection, then try again.</p>
          <button
            type="button"
            className="btn-secondary mt-3"
            disabled={query.isRefetching}
            onClick={() => void query.refetch()}
          >
            Try again
          </button>
        </Notice>
      </div>
    );
  }
  return (
    <p role="status" className="flex items-center gap-3 py-8 text-ink-muted">
      <Spinner className="size-6" />
      <span>Loading {label}...</span>
    </p>
  );
}
