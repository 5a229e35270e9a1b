import { Icon } from "./icon.tsx";

/** "Saved" next to a form's button, announced politely; empty until a save succeeds (and again once edited). */
export function SaveStatus({ savedAt, message }: { savedAt: number | null; message: string }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className="flex min-h-6 items-center gap-1.5 text-sm font-medium text-success"
    >
      {savedAt ? (
        <>
          <Icon name="check-circle" className="size-5" />
          <span data-testid="save-status">{message}</span>
        </>
      ) : null}
    </p>
  );
}
