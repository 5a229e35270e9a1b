import { type ReactNode, useState } from "react";
import { Modal } from "./modal.tsx";

/**
 * Asks before a change that cannot be undone, says exactly what happens (`children`), and shows why it failed if it
 * does, in words `describeError` chooses. After `onConfirm` succeeds, `onDone` runs (by default, `onClose`).
 */
export function ConfirmDialog({
  id,
  title,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel = "Cancel",
  onConfirm,
  onDone,
  onClose,
  describeError,
}: {
  id: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel?: string;
  onConfirm: () => Promise<void>;
  onDone?: () => void;
  onClose: () => void;
  describeError: (error: unknown) => string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal id={id} title={title} onClose={busy ? () => {} : onClose}>
      <div className="space-y-3 leading-relaxed">{children}</div>
      <div role="alert">{error ? <p className="mt-3 font-medium text-danger">{error}</p> : null}</div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
          {cancelLabel}
        </button>
        <button
          type="button"
          disabled={busy}
          className="btn-primary bg-danger hover:bg-danger disabled:hover:bg-danger"
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await onConfirm();
            } catch (failure) {
              setError(describeError(failure));
              setBusy(false);
              return;
            }
            setBusy(false);
            (onDone ?? onClose)();
          }}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
