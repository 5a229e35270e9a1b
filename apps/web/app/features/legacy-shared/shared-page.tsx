import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { Link, useParams } from "react-router";
import { Notice } from "#app/components/ui/notice.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { type DateFormat, useDateFormat } from "#app/features/prefs/date-format.ts";
import { sections } from "#app/features/shell/sections.ts";
import { ApiError } from "#app/lib/api.ts";
import { DownloadEverything } from "./download-everything.tsx";
import { historyLines } from "./history-words.ts";
import { type LoadedShared, sharedQuery } from "./load-shared.ts";
import { OwnerLetter } from "./owner-letter.tsx";
import { describeSharedError, problemInWords } from "./plain-words.ts";
import { SharedDocuments } from "./shared-documents.tsx";
import { SharedHeader } from "./shared-header.tsx";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notSharedText = "Nothing has been shared with you under this link, or it is no longer shared.";

/** A 404 (or an id that cannot be one): the same words, so a link reveals nothing about what exists. */
const isNotShared = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 404 || (error.status === 400 && error.code === "validation_failed"));

function NotShared() {
  return (
    <div role="alert">
      <Notice tone="info" title={notSharedText}>
        <p>
          What has been released to you is listed on{" "}
          <Link to="/account/AccountHolder" className="link">
            your account holder page
          </Link>
          .
        </p>
      </Notice>
    </div>
  );
}

function summaryOf({ shared, opened }: LoadedShared): string {
  const owner = shared.owner.name || shared.owner.email;
  if (opened.state === "notReady") return `${owner}'s browser has not finished preparing this yet.`;
  if (opened.state === "invalid") return "This could not be verified. Nothing from it is shown.";
  const ready = opened.documents.filter((d) => d.status === "ready").length;
  const parts = [
    opened.text?.status === "ready" ? (opened.kind === "drill" ? "a test message" : "a letter") : null,
    ready ? `${ready} ${ready === 1 ? "document" : "documents"}` : null,
  ].filter(Boolean);
  return `Checked: ${parts.length ? parts.join(" and ") : "nothing that can be opened"} from ${owner}.`;
}

function Verified({ loaded, dates }: { loaded: LoadedShared; dates: DateFormat }) {
  const { shared, opened } = loaded;
  const ownerName = shared.owner.name || shared.owner.email;
  const describeError = useCallback((error: unknown) => describeSharedError(error, ownerName), [ownerName]);
  if (opened.state !== "verified") return null;
  const text = opened.text;
  // By name, as a person looks for them; the ZIP follows the same order.
  const ready = opened.documents
    .flatMap((d) => (d.status === "ready" ? [d.entry] : []))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  const documents = [
    ...ready.map((entry) => ({ id: entry.documentId, status: "ready" as const, entry })),
    ...opened.documents.filter((d) => d.status !== "ready"),
  ];
  const readyText = text?.status === "ready" ? { purpose: text.purpose, text: text.text } : null;
  const anything =
    opened.documents.length + opened.missing.length + opened.unlisted.length > 0 || text !== null;
  return (
    <>
      <SharedHeader shared={shared} dates={dates} />
      {text?.status === "ready" ? (
        <OwnerLetter text={text.text} purpose={text.purpose} ownerName={ownerName} />
      ) : text ? (
        <Notice
          tone="warning"
          title={text.purpose === "drill" ? "The test message" : `${ownerName}'s letter`}
        >
          {problemInWords(text.status)}
        </Notice>
      ) : null}
      {opened.kind === "release" || opened.documents.length + opened.unlisted.length > 0 ? (
        <section aria-labelledby="shared-documents-title" className="space-y-4">
          <h2 id="shared-documents-title" className="text-xl font-semibold">
            Documents
          </h2>
          {ready.length > 0 || readyText ? (
            <DownloadEverything input={{ ownerName, text: readyText, documents: ready }} />
          ) : null}
          <SharedDocuments
            documents={documents}
            missing={opened.missing}
            unlisted={opened.unlisted}
            describeError={describeError}
          />
          {opened.documents.length + opened.missing.length + opened.unlisted.length === 0 ? (
            <p className="rounded-xl bg-surface-sunken px-4 py-3">
              {ownerName} did not include any documents{anything ? "" : " or a letter"}.
            </p>
          ) : null}
        </section>
      ) : null}
      {shared.history.length > 0 ? (
        <details className="rounded-xl border border-line px-4 py-3">
          <summary className="cursor-pointer font-medium">How this was released</summary>
          <ol className="mt-2 space-y-1 text-[0.9375rem]" data-testid="shared-history">
            {historyLines({ events: shared.history }, dates, { ownerName }).map((line) => (
              <li key={line.key}>
                <span className="text-ink-muted">{line.when}</span> — {line.what}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </>
  );
}

/** /app/shared/:id: a release or a drill, verified against the owner's signatures before anything is shown. */
export function SharedPage() {
  const { id = "" } = useParams();
  // Every share id is a UUID: anything else is not asked for (the answer could only be "not shared").
  const wellFormed = uuidPattern.test(id);
  const query = useQuery({ ...sharedQuery(id), enabled: wellFormed });
  const dates = useDateFormat();
  const { title } = sections.shared;
  const loaded = query.data;
  const owner = loaded ? loaded.shared.owner.name || loaded.shared.owner.email : "";

  let body: React.ReactNode;
  if (loaded?.opened.state === "verified") {
    body = <Verified loaded={loaded} dates={dates} />;
  } else if (loaded?.opened.state === "notReady") {
    body = (
      <Notice
        tone="warning"
        title={`${owner}'s browser has not finished preparing this yet; try again later.`}
      >
        <p>
          {owner}'s browser signs what it hands you the next time they use Heirloom. Until then nothing can be
          checked, so nothing is shown.
        </p>
        <button
          type="button"
          className="btn-secondary mt-3"
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          Try again
        </button>
      </Notice>
    );
  } else if (loaded?.opened.state === "invalid") {
    body = (
      <div role="alert">
        <Notice tone="danger" title="Nothing from it is shown">
          {loaded.shared.kind === "drill"
            ? "This drill could not be verified: it may have been altered. Nothing from it is shown."
            : "This release could not be verified: it may have been altered. Nothing from it is shown."}
        </Notice>
      </div>
    );
  } else if (!wellFormed || (query.isError && isNotShared(query.error))) {
    body = <NotShared />;
  } else if (query.isError) {
    body = (
      <div role="alert">
        <Notice tone="danger" title="We couldn't open what was shared with you.">
          <p>Check your connection, then try again.</p>
          <button
            type="button"
            className="btn-secondary mt-3"
            disabled={query.isFetching}
            onClick={() => void query.refetch()}
          >
            Try again
          </button>
        </Notice>
      </div>
    );
  } else {
    body = (
      <div className="flex items-center gap-3 py-8 text-ink-muted">
        <Spinner className="size-6" />
        <span>Checking the owner's signatures and decrypting with your key…</span>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-10 lg:py-12">
      <h1 className="font-display text-3xl leading-tight font-semibold tracking-tight sm:text-4xl">
        {title}
      </h1>
      <p className="mt-3 max-w-2xl text-lg leading-relaxed text-ink-muted">
        What someone handed on to you through their legacy plan. It is checked against their signature and
        opened in this browser with your own key; Heirloom's servers cannot read it.
      </p>
      <p role="status" className="sr-only" data-testid="shared-status">
        {loaded
          ? summaryOf(loaded)
          : query.isError || !wellFormed
            ? ""
            : "Checking what was shared with you…"}
      </p>
      <div className="mt-8 space-y-6">{body}</div>
    </div>
  );
}
