import { Notice } from "#app/components/ui/notice.tsx";

/**
 * Shown on the sign-in family of pages until accounts are wired up: the forms are real, their submit buttons
 * are disabled, and this says why. The accounts issue removes it.
 */
export function AuthPendingNote() {
  return (
    <Notice tone="info" className="mb-6">
      Sign-in is being set up and arrives shortly.
    </Notice>
  );
}
