import { useState } from "react";
import { Modal } from "#app/components/ui/modal.tsx";
import { ApiError } from "#app/lib/api.ts";
import { invalidateApi, useApiMutation } from "#app/lib/query.tsx";

/** The contact ends their own role for one owner, after being told what that means. */
export function LeaveDialog({
  contactId,
  ownerName,
  onLeft,
  onClose,
}: {
  contactId: string;
  ownerName: string;
  onLeft: () => void;
  onClose: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const leave = useApiMutation("leaveLegacyRole", { onSuccess: () => invalidateApi("listNamedMe") });
  const busy = leave.isPending;
  return (
    <Modal
      id="leave-role"
      title={`Stop being ${ownerName}'s legacy contact?`}
      onClose={busy ? () => {} : onClose}
    >
      <p className="leading-relaxed">
        {ownerName} is told that you left. Nothing from their plans will be released to you, and to make you
        their legacy contact again they would have to invite you again.
      </p>
      {error ? (
        <p role="alert" className="mt-3 font-medium text-danger">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
          Stay their contact
        </button>
        <button
          type="button"
          disabled={busy}
          className="btn-primary bg-danger hover:bg-danger disabled:hover:bg-danger"
          onClick={async () => {
            setError(null);
            try {
              await leave.mutateAsync({ params: { id: contactId } });
            } catch (failure) {
              setError(failure instanceof ApiError ? failure.message : "Nothing changed. Please try again.");
              return;
            }
            onLeft();
          }}
        >
          {busy ? "Leaving…" : "Leave"}
        </button>
      </div>
    </Modal>
  );
}
