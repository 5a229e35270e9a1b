/** The loading skeleton of every path under /app: a side panel on larger screens and placeholder blocks. */
export function AppSkeleton() {
  return (
    <div className="flex min-h-dvh" role="status" aria-busy="true" aria-label="Loading your vault">
      <div className="hidden w-64 shrink-0 border-r border-line bg-surface p-6 lg:block">
        <div className="h-6 w-32 animate-pulse rounded bg-line" />
        <div className="mt-8 space-y-3">
          {["a", "b", "c", "d", "e"].map((k) => (
            <div key={k} className="h-4 w-40 animate-pulse rounded bg-line" />
          ))}
        </div>
      </div>
      <div className="flex-1 p-6">
        <div className="h-8 w-64 animate-pulse rounded bg-line" />
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          {["a", "b", "c", "d"].map((k) => (
            <div key={k} className="h-32 animate-pulse rounded-xl bg-line" />
          ))}
        </div>
      </div>
    </div>
  );
}
