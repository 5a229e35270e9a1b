import type { LegacyContact } from "@heirloom/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Modal } from "#app/components/ui/modal.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { ApiError } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/query.tsx";
import { fingerprintOf, openOwnerKeys, signConfirmation } from "./contact-keys.ts";
import { putContact } from "./contacts-cache.ts";
import { FingerprintWords } from "./fingerprint-words.tsx";

/** The contact's account as the list sent it (present once they accepted). */
type AcceptedContact = LegacyContact & { contact: NonNullable<LegacyContact["contact"]> };

/**
 * Confirm a contact (ADR 015): the six words of their public key, computed here from the key itself, compared with
 * the contact out of band. Only "The words match" confirms, with the owner's signature over the fingerprint compared.
 */
export function ConfirmContactDialog({
  contact,
  name,
  onConfirmed,
  onClose,
}: {
  contact: AcceptedContact;
  name: string;
  onConfirmed: () => void;
  onClose: () => void;
}) {
  const [mismatch, setMismatch] = useState(false);
  const mismatchNotice = useRef<HTMLDivElement>(null);
  // The button pressed is replaced by the advice: focus moves to it, so nobody is left on nothing.
  useEffect(() => {
    if (mismatch) mismatchNotice.current?.focus();
  }, [mismatch]);
  const [error, setError] = useState<string | null>(null);
  const fingerprint = useQuery({
    queryKey: ["legacy-key-fingerprint", contact.contact.publicKeyPem],
    queryFn: () => fingerprintOf(contact.contact.publicKeyPem),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const confirm = useApiMutation("confirmLegacyContact", { onSuccess: putContact });
  const busy = confirm.isPending;

  const onMatch = async () => {
    const compared = fingerprint.data;
    if (!compared) return;
    setError(null);
    let signature: string;
    try {
      signature = await signConfirmation(await openOwnerKeys(), {
        contactId: contact.id,
        contactUserId: contact.contact.userId,
        keyFingerprint: compared.hex,
      });
    } catch {
      setError(
        "Your keys could not be opened in this browser, so nothing was confirmed. Reload the page and try again.",
      );
      return;
    }
    try {
      await confirm.mutateAsync({
        params: { id: contact.id },
        body: { fingerprintHex: compared.hex, signature },
      });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Nothing was confirmed. Please try again.");
      return;
    }
    onConfirmed();
  };

  return (
    <Modal id="confirm-contact" title={`Compare ${name}'s six words`} onClose={busy ? () => {} : onClose}>
      {mismatch ? (
        <div className="space-y-4">
          <div ref={mismatchNotice} tabIndex={-1} role="alert" className="rounded-xl outline-none">
            <Notice tone="warning" title="Do not confirm them">
              <p>
                Nothing was confirmed, and nothing will be shared with this key. The key Heirloom holds for{" "}
                {name} may have been replaced.
              </p>
            </Notice>
          </div>
          <ul className="list-disc space-y-1.5 pl-5 leading-relaxed">
            <li>
              Ask {name} to check they are signed in to the right account: the one with the address you
              invited, <span className="break-words">{contact.email}</span>.
            </li>
            <li>Ask them to read the words again, slowly, from their Legacy page (Account holder).</li>
            <li>If the words still differ, do not confirm them, and contact Heirloom support.</li>
          </ul>
          <div className="flex justify-end">
            <button type="button" className="btn-primary" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      ) : (
        <div className="space-y-5">
          <p className="leading-relaxed">
            Call or meet {name}. Ask them to read the six words on their Legacy page (Account holder). Confirm
            only if every word matches.
          </p>
          {fingerprint.data ? (
            <FingerprintWords words={fingerprint.data.words} label={`${name}'s six words`} />
          ) : fingerprint.isError ? (
            <div role="alert">
              <Notice tone="danger" title="Their key could not be read">
                Nothing can be confirmed with this key. Ask {name} to sign in to Heirloom again, then try
                later.
              </Notice>
            </div>
          ) : (
            <p role="status" className="flex items-center gap-3 text-ink-muted">
              <Spinner className="size-5" />
              Computing the six words from their key…
            </p>
          )}
          <p className="text-sm leading-relaxed text-ink-muted">
            An email or a text message is not enough: someone who could change their key could change a
            message too. Hear the words from {name} themselves.
          </p>
          {error ? (
            <p role="alert" className="font-medium text-danger">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className="btn-secondary" disabled={busy} onClick={() => setMismatch(true)}>
              They don't match
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={busy || !fingerprint.data}
              onClick={() => void onMatch()}
            >
              {busy ? "Confirming…" : "The words match - confirm"}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
