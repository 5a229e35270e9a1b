import type { LegacyNamedMeEntry } from "@heirloom/contract";
import { useState } from "react";
import { Notice } from "#app/components/ui/notice.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import type { DateFormat } from "#app/features/prefs/date-format.ts";
import type { KeyFingerprint } from "./contact-keys.ts";
import { FingerprintWords } from "./fingerprint-words.tsx";
import { LeaveDialog } from "./leave-dialog.tsx";
import { StatusBadge } from "./status-badge.tsx";

/** My six words, as far as this tab got computing them. */
export type MyWords =
  | { status: "pending" }
  | { status: "error" }
  | { status: "ready"; fingerprint: KeyFingerprint };

/** One person who named me: who, where we are, my six words to read to them, and the way out. */
export function NamedMeCard({
  entry,
  myWords,
  dates,
  onLeft,
}: {
  entry: LegacyNamedMeEntry;
  myWords: MyWords;
  dates: DateFormat;
  onLeft: (ownerName: string) => void;
}) {
  const [leaving, setLeaving] = useState(false);
  const owner = entry.owner.name || entry.owner.email;
  const confirmed = entry.state === "confirmed";
  const rows = [
    ["Invited", dates.day(entry.invitedAt)],
    ["You accepted", dates.day(entry.acceptedAt)],
    ...(entry.confirmedAt ? [["They confirmed you", dates.day(entry.confirmedAt)] as const] : []),
  ] as const;
  return (
    <li className="rounded-xl border border-line p-4 sm:p-6" data-testid="named-me-entry">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold break-words">{owner}</h3>
          <p className="mt-0.5 text-[0.9375rem] break-words text-ink-muted">{entry.owner.email}</p>
        </div>
        <StatusBadge
          label={confirmed ? "Confirmed" : `Waiting for ${owner} to confirm you`}
          tone={confirmed ? "success" : "warning"}
        />
      </div>
      <p className="mt-3 leading-relaxed text-ink-muted">
        {confirmed
          ? `${owner} compared your six words with you and confirmed you. They can now choose documents to hand on to you.`
          : `${owner} will call or meet you to compare the six words below. Until they confirm you, nothing can be shared with you.`}
      </p>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-[0.9375rem] sm:grid-cols-[auto_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-ink-muted">{term}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-5 rounded-xl border border-line bg-surface p-4">
        <p className="font-semibold">Read these six words to {owner} when they call you.</p>
        <div className="mt-3">
          {myWords.status === "ready" ? (
            <FingerprintWords words={myWords.fingerprint.words} label="Your six words" />
          ) : myWords.status === "error" ? (
            <Notice tone="danger" title="Your six words could not be computed">
              Your keys could not be opened in this browser. Reload the page; if it happens again, sign out
              and sign in again.
            </Notice>
          ) : (
            <p className="flex items-center gap-3 text-ink-muted">
              <Spinner className="size-5" />
              Computing your six words…
            </p>
          )}
        </div>
        <p className="mt-3 text-sm leading-relaxed text-ink-muted">
          They come from your own key, here in your browser. Read them to {owner} yourself, by phone or in
          person: hearing them from you is how they know the key is yours.
        </p>
      </div>

      <div className="mt-5">
        <button type="button" className="btn-secondary" onClick={() => setLeaving(true)}>
          Leave
          <span className="sr-only"> as {owner}'s legacy contact</span>
        </button>
      </div>
      {leaving ? (
        <LeaveDialog
          contactId={entry.contactId}
          ownerName={owner}
          onLeft={() => {
            setLeaving(false);
            onLeft(owner);
          }}
          onClose={() => setLeaving(false)}
        />
      ) : null}
    </li>
  );
}
