import { useQuery } from "@tanstack/react-query";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { QueryView } from "#app/components/ui/query-view.tsx";
import { formatBytes } from "#app/features/documents/format.ts";
import { documentsQuery } from "#app/features/documents/use-documents.ts";
import { useDateFormat } from "#app/features/prefs/date-format.ts";
import { sections } from "#app/features/shell/sections.ts";
import { apiQuery, joinQueries } from "#app/lib/query.tsx";
import { latestDocuments } from "./dashboard.ts";
import { HomeSection } from "./home-section.tsx";

const documentsPage = "/app/MyData";

/** Home's documents: how many, the space they take, and the latest few (names decrypted in this browser). */
export function DocumentsSummary() {
  const dates = useDateFormat();
  const summary = joinQueries(
    [useQuery({ ...apiQuery("getStorageUsage"), retry: false }), useQuery(documentsQuery)],
    (usage, documents) => ({ usage, latest: latestDocuments(documents) }),
  );
  return (
    <QueryView query={summary} label="your documents">
      {({ usage, latest }) =>
        usage.documents === 0 ? (
          <EmptyState
            {...sections.documents.empty}
            title="No documents yet"
            action={{ label: "Add your first document", to: documentsPage }}
          />
        ) : (
          <HomeSection id="documents" title="Documents" to={documentsPage} linkLabel="All documents">
            <p className="text-ink" data-testid="home-documents-count">
              <strong>{usage.documents}</strong> {usage.documents === 1 ? "document" : "documents"},{" "}
              {formatBytes(usage.bytesUsed)} of {formatBytes(usage.limits.bytes)} used
            </p>
            {latest.length ? (
              <>
                <h3 className="mt-4 text-sm font-semibold text-ink-muted">Latest</h3>
                <ul className="mt-2 divide-y divide-line" aria-label="Latest documents">
                  {latest.map((entry) => (
                    <li key={entry.documentId} className="flex min-w-0 items-center gap-3 py-2">
                      <Icon name="file" className="size-5 shrink-0 text-accent" />
                      <span className="min-w-0 flex-1 truncate font-medium">{entry.name}</span>
                      {entry.added ? (
                        <time dateTime={entry.added} className="shrink-0 text-sm text-ink-muted">
                          {dates.day(entry.added)}
                        </time>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </HomeSection>
        )
      }
    </QueryView>
  );
}
