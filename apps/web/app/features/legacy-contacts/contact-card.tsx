import type { LegacyContact } from "@heirloom/contract";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Notice } from "#app/components/ui/notice.tsx";
import type { DateFormat } from "#app/features/prefs/date-format.ts";
import { ApiError } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/query.tsx";
import { ConfirmContactDialog } from "./confirm-contact-dialog.tsx";
import { contactDetailsQuery } from "./contact-details-query.ts";
import { confirmationHolds, openOwnerKeys } from "./contact-keys.ts";
import { contactStatus, keyNeedsConfirmingAgain, resendWaitUntil } from "./contact-status.ts";
import { putContact } from "./contacts-cache.ts";
import { EndContactDialog } from "./end-contact-dialog.tsx";
import { StatusBadge } from "./status-badge.tsx";

type Dialog = "confirm" | "end" | null;

/** One of the owner's contacts: who (opened here), the state with its date, and what can be done now. */
export function ContactCard({ contact, dates }: { contact: LegacyContact; dates: DateFormat }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [message, setMessage] = useState<{ tone: "status" | "alert"; text: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const details = useQuery(contactDetailsQuery(contact));
  const account = contact.contact;
  const signature = contact.confirmation?.signature;
  const confirmation = useQuery({
    queryKey: ["legacy-confirmation-holds", contact.id, account?.publicKeyPem, signature],
    queryFn: async () =>
      account && signature
        ? confirmationHolds(await openOwnerKeys(), {
            contactId: contact.id,
            contactUserId: account.userId,
            currentKeyPem: account.publicKeyPem,
            signature,
          })
        : false,
    enabled: contact.state === "confirmed",
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const keyChanged = keyNeedsConfirmingAgain(contact, confirmation.data ?? null);
  const status = contactStatus(contact, keyChanged, dates.day);

  const resend = useApiMutation("resendLegacyInvitation", { onSuccess: putContact });
  const waitUntil = resendWaitUntil(contact.resendAvailableAt, Date.now());

  const opened = details.data;
  const unreadable = details.status === "success" && opened === null;
  const name = opened?.name || contact.contact?.name || contact.email;

  /** After a dialog's change: focus lands on this contact (its buttons may be gone) and the change is read out. */
  const settle = (text: string) => {
    setDialog(null);
    setMessage({ tone: "status", text });
    setTimeout(() => heading.current?.focus(), 0);
  };

  const onResend = async () => {
    setMessage(null);
    try {
      await resend.mutateAsync({ params: { id: contact.id } });
      setMessage({
        tone: "status",
        text: "Sent again with a new link. The link in the earlier email no longer works.",
      });
    } catch (error) {
      setMessage({
        tone: "alert",
        text:
          error instanceof ApiError ? error.message : "The invitation was not sent again. Please try again.",
      });
    }
  };

  return (
    <li className="rounded-xl border border-line p-4 sm:p-5" data-testid="legacy-contact">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold break-words outline-none">
            {opened ? opened.name : contact.email}
          </h3>
          <p className="mt-0.5 text-[0.9375rem] break-words text-ink-muted">
            {opened ? (
              <>
                {opened.relationship} · <span className="break-words">{contact.email}</span>
              </>
            ) : unreadable ? (
              "Details could not be read."
            ) : (
              "Opening their details…"
            )}
          </p>
          {contact.contact ? (
            <p className="mt-0.5 text-sm break-words text-ink-muted">
              Heirloom account: {contact.contact.name}
            </p>
          ) : null}
        </div>
        <StatusBadge label={status.label} tone={status.tone} />
      </div>

      {status.key === "key-changed" ? (
        <Notice tone="warning" title="Their key has changed" className="mt-4">
          {status.detail}
        </Notice>
      ) : (
        <p className="mt-3 leading-relaxed text-ink-muted">{status.detail}</p>
      )}

      {status.actions.resend || status.actions.end || status.actions.confirm ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {status.actions.confirm && contact.contact ? (
            <button type="button" className="btn-primary" onClick={() => setDialog("confirm")}>
              {status.key === "key-changed" ? "Compare and confirm again" : "Compare and confirm"}
            </button>
          ) : null}
          {status.actions.resend ? (
            <button
              type="button"
              className="btn-secondary"
              disabled={resend.isPending || waitUntil !== null}
              aria-describedby={waitUntil ? `${contact.id}-resend-wait` : undefined}
              onClick={() => void onResend()}
            >
              {resend.isPending ? "Sending…" : "Send again"}
            </button>
          ) : null}
          {status.actions.end ? (
            <button type="button" className="btn-secondary" onClick={() => setDialog("end")}>
              {status.actions.end === "withdraw" ? "Withdraw invitation" : "Remove contact"}
            </button>
          ) : null}
          {waitUntil && status.actions.resend ? (
            <p id={`${contact.id}-resend-wait`} className="basis-full text-sm text-ink-muted">
              You can send it again from {dates.dayAndTime(waitUntil)}.
            </p>
          ) : null}
        </div>
      ) : null}

      <div role="status">
        {message?.tone === "status" ? (
          <p className="mt-3 text-sm font-medium text-success">{message.text}</p>
        ) : null}
      </div>
      <div role="alert">
        {message?.tone === "alert" ? (
          <p className="mt-3 text-sm font-medium text-danger">{message.text}</p>
        ) : null}
      </div>

      {dialog === "confirm" && contact.contact ? (
        <ConfirmContactDialog
          contact={{ ...contact, contact: contact.contact }}
          name={name}
          onConfirmed={() => settle(`You confirmed ${name}.`)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === "end" && status.actions.end ? (
        <EndContactDialog
          contactId={contact.id}
          name={name}
          kind={status.actions.end}
          onEnded={() =>
            settle(
              status.actions.end === "withdraw"
                ? `You withdrew the invitation to ${name}.`
                : `${name} is no longer your legacy contact.`,
            )
          }
          onClose={() => setDialog(null)}
        />
      ) : null}
    </li>
  );
}
