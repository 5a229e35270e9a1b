import { useQuery } from "@tanstack/react-query";
import { Icon } from "#app/components/ui/icon.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { ApiError } from "#app/lib/api.ts";
import { apiQuery } from "#app/lib/query.tsx";
import { AuthShell } from "./auth-shell.tsx";
import { type DevMail, linkifyMailText, parseMailbox } from "./dev-mailbox.ts";

type State =
  | { kind: "loading" }
  | { kind: "off" }
  | { kind: "error"; message: string }
  | { kind: "ready"; messages: DevMail[] };

const timeFormatter = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

function MailText({ text }: { text: string }) {
  return (
    <p className="mt-3 text-[0.9375rem] leading-relaxed break-words whitespace-pre-wrap">
      {linkifyMailText(text).map((part, index) =>
        part.kind === "link" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <a key={index} href={part.href} className="link break-all">
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/**
 * For a person running Heirloom locally without an SMTP server: the messages the server wrote to its outbox (GET
 * /api/dev/mailbox, which exists only when DEV_MAILBOX is on), newest first, so they can click a verification or
 * reset link. Each email is shown as its plain-text part; its HTML is never rendered.
 */
export function DevMailboxPage() {
  const mailbox = useQuery({ ...apiQuery("getDevMailbox"), retry: false, staleTime: 0 });
  const state: State = mailbox.isFetching
    ? { kind: "loading" }
    : mailbox.error
      ? mailbox.error instanceof ApiError && mailbox.error.status === 404
        ? { kind: "off" }
        : {
            kind: "error",
            message:
              mailbox.error instanceof ApiError && mailbox.error.code === "network"
                ? "We couldn't reach the server. Is it running?"
                : "The mailbox could not be read. Look at the server's log for the reason.",
          }
      : mailbox.data
        ? { kind: "ready", messages: parseMailbox(mailbox.data) }
        : { kind: "loading" };
  const load = () => mailbox.refetch();

  return (
    <AuthShell
      title="Local mailbox"
      lead="Emails this server would have sent, newest first. Only for running Heirloom on your own computer."
    >
      <div className="mb-5 flex justify-end">
        <button type="button" className="btn-secondary" onClick={() => void load()}>
          <Icon name="refresh" className="size-5" />
          Refresh
        </button>
      </div>
      <div role="status" aria-live="polite">
        {state.kind === "loading" ? (
          <p className="flex items-center gap-3 text-ink-muted">
            <Spinner className="size-6" />
            Reading the mailbox…
          </p>
        ) : state.kind === "off" ? (
          <Notice tone="info" title="The local mailbox is off">
            This server sends email through SMTP, or runs in production, so it keeps no local copies. To use
            the mailbox, start the server without SMTP_URL (or with DEV_MAILBOX=true) outside production.
          </Notice>
        ) : state.kind === "error" ? (
          <Notice tone="danger" title="The mailbox could not be read">
            {state.message}
          </Notice>
        ) : state.messages.length === 0 ? (
          <p className="text-ink-muted">
            No emails yet. Sign up, or ask for a new link, and refresh this page.
          </p>
        ) : (
          <p className="sr-only">{state.messages.length} emails.</p>
        )}
      </div>
      {state.kind === "ready" && state.messages.length > 0 ? (
        <ol className="space-y-4">
          {state.messages.map((mail) => (
            <li key={mail.id}>
              <article
                aria-labelledby={`mail-${mail.id}`}
                className="rounded-xl border border-line bg-surface-sunken p-5"
              >
                <h2 id={`mail-${mail.id}`} className="text-lg leading-snug font-semibold">
                  {mail.subject}
                </h2>
                <p className="mt-1 text-sm text-ink-muted">
                  To <span className="font-medium text-ink">{mail.to}</span>
                  {mail.createdAt ? ` · ${timeFormatter.format(mail.createdAt)}` : ""}
                </p>
                <MailText text={mail.text} />
              </article>
            </li>
          ))}
        </ol>
      ) : null}
    </AuthShell>
  );
}
