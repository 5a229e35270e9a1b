import { Notice } from "./notice.tsx";
import { Spinner } from "./spinner.tsx";

export function LoadingBlock({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-8 text-ink-muted">
      <Spinner className="size-6" />
      <span>{label}</span>
    </div>
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert">
      <Notice tone="danger" title={message}>
        <p>Check your connection, then try again.</p>
        <button type="button" className="btn-secondary mt-3" onClick={onRetry}>
          Try again
        </button>
      </Notice>
    </div>
  );
}
