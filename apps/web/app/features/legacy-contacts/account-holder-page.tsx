import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { QueryView } from "#app/components/ui/query-view.tsx";
import { ReleasedToMe } from "#app/features/legacy-shared/released-to-me.tsx";
import { useDateFormat } from "#app/features/prefs/date-format.ts";
import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sections } from "#app/features/shell/sections.ts";
import { apiQuery } from "#app/lib/query.tsx";
import { LiveAnnouncement, useAnnouncer } from "./live-announcer.tsx";
import { useMyFingerprint } from "./my-fingerprint.ts";
import { type MyWords, NamedMeCard } from "./named-me-card.tsx";

/** /account/AccountHolder: the people who named me as their legacy contact, and (later) what they released to me. */
export function AccountHolderPage() {
  const entries = useQuery(apiQuery("listNamedMe"));
  const mine = useMyFingerprint((entries.data?.entries.length ?? 0) > 0);
  const dates = useDateFormat();
  const { message, announce } = useAnnouncer();
  const heading = useRef<HTMLHeadingElement>(null);
  const myWords: MyWords = mine.data
    ? { status: "ready", fingerprint: mine.data }
    : mine.isError
      ? { status: "error" }
      : { status: "pending" };
  const { title, description } = sections.accountHolder;

  return (
    <SectionPage title={title} description={description}>
      <LiveAnnouncement message={message} />
      <section
        aria-labelledby="named-me-title"
        className="rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-7"
      >
        <h2 ref={heading} id="named-me-title" tabIndex={-1} className="text-xl font-semibold outline-none">
          People who named me
        </h2>
        <p className="mt-1.5 leading-relaxed text-ink-muted">
          People who asked you to be their legacy contact, and whose invitation you accepted.
        </p>
        <div className="mt-5">
          <QueryView query={entries} label="the people who named you">
            {({ entries: list }) =>
              list.length === 0 ? (
                <EmptyState
                  headingLevel={3}
                  icon="users"
                  title="Nobody has named you yet"
                  body={
                    <>
                      <p>
                        When someone names you as their legacy contact and you accept, they are listed here,
                        with the six words you read to them so they can confirm you.
                      </p>
                      <p className="mt-2">
                        Invitations arrive by email: open the link in the email to accept or decline.
                      </p>
                    </>
                  }
                />
              ) : (
                <ul aria-labelledby="named-me-title" className="space-y-4">
                  {list.map((entry) => (
                    <NamedMeCard
                      key={entry.contactId}
                      entry={entry}
                      myWords={myWords}
                      dates={dates}
                      onLeft={(owner) => {
                        announce(`You are no longer ${owner}'s legacy contact.`);
                        setTimeout(() => heading.current?.focus(), 0);
                      }}
                    />
                  ))}
                </ul>
              )
            }
          </QueryView>
        </div>
      </section>
      <ReleasedToMe />
    </SectionPage>
  );
}
