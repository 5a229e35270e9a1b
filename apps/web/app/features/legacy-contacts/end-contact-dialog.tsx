import { useState } from "react";
import { Modal } from "#app/components/ui/modal.tsx";
import { ApiError } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/query.tsx";
import { refreshContacts } from "./contacts-cache.ts";

const texts = {
  withdraw: {
    title: (name: string) => `Withdraw the invitation to ${name}?`,
    body: "The link in their email stops working, and they cannot accept any more. You can invite them again later.",
    button: "Withdraw invitation",
    busy: "Withdrawing…",
  },
  remove: {
    title: (name: string) => `Remove ${name} as a legacy contact?`,
    body: "They stop being your legacy contact at once: none of your plans will release anything to them. To have them back, you would invite them again, and compare their six words again.",
    button: "Remove contact",
    busy: "Removing…",
  },
} as const;

/** Ends a contact's role after saying exactly what happens: withdraw an invitation, or remove a contact. */
export function EndContactDialog({
  contactId,
  name,
  kind,
  onEnded,
  onClose,
}: {
  contactId: string;
  name: string;
  kind: "withdraw" | "remove";
  onEnded: () => void;
  onClose: () => void;
}) {
  const text = texts[kind];
  const [error, setError] = useState<string | null>(null);
  const end = useApiMutation("revokeLegacyContact", { onSuccess: refreshContacts });
  const busy = end.isPending;
  return (
    <Modal id="end-contact" title={text.title(name)} onClose={busy ? () => {} : onClose}>
      <p className="leading-relaxed">{text.body}</p>
      {error ? (
        <p role="alert" className="mt-3 font-medium text-danger">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          disabled={busy}
          className="btn-primary bg-danger hover:bg-danger disabled:hover:bg-danger"
          onClick={async () => {
            setError(null);
            try {
              await end.mutateAsync({ params: { id: contactId } });
            } catch (failure) {
              setError(failure instanceof ApiError ? failure.message : "Nothing changed. Please try again.");
              return;
            }
            onEnded();
          }}
        >
          {busy ? text.busy : text.button}
        </button>
      </div>
    </Modal>
  );
}
