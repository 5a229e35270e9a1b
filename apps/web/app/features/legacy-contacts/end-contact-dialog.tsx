import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { useApiMutation } from "#app/lib/query.tsx";
import { describeLegacyError, refreshContacts } from "./contacts-cache.ts";

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
  const end = useApiMutation("revokeLegacyContact", { onSuccess: refreshContacts });
  return (
    <ConfirmDialog
      id="end-contact"
      title={text.title(name)}
      confirmLabel={text.button}
      busyLabel={text.busy}
      onConfirm={async () => {
        await end.mutateAsync({ params: { id: contactId } });
      }}
      onDone={onEnded}
      onClose={onClose}
      describeError={describeLegacyError}
    >
      <p>{text.body}</p>
    </ConfirmDialog>
  );
}
