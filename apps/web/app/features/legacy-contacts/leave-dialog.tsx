import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { invalidateApi, useApiMutation } from "#app/lib/query.tsx";
import { describeLegacyError } from "./contacts-cache.ts";

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
  const leave = useApiMutation("leaveLegacyRole", { onSuccess: () => invalidateApi("listNamedMe") });
  return (
    <ConfirmDialog
      id="leave-role"
      title={`Stop being ${ownerName}'s legacy contact?`}
      confirmLabel="Leave"
      busyLabel="Leaving…"
      cancelLabel="Stay their contact"
      onConfirm={async () => {
        await leave.mutateAsync({ params: { id: contactId } });
      }}
      onDone={onLeft}
      onClose={onClose}
      describeError={describeLegacyError}
    >
      <p>
        {ownerName} is told that you left. Nothing from their plans will be released to you, and to make you
        their legacy contact again they would have to invite you again.
      </p>
    </ConfirmDialog>
  );
}
