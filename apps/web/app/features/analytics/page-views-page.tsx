import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { QueryView } from "#app/components/ui/query-view.tsx";
import { SectionPage } from "#app/features/shell/section-page.tsx";
import { useShellContext } from "#app/features/shell/shell-context.ts";
import { apiQuery } from "#app/lib/query.tsx";
import { PageViewsChart } from "./page-views-chart.tsx";

const description =
  "How often each page was opened, counted in Heirloom itself: a path and a day, after the cookie banner's OK, with no cookie, user id or address kept.";

function Report() {
  const views = useQuery(apiQuery("listPageViews", { query: { days: 30 } }));
  return (
    <SectionPage title="Page views" description={description}>
      <QueryView query={views} label="the page views">
        {(report) => (
          <div className="space-y-8">
            <section
              aria-labelledby="per-day-title"
              className="rounded-2xl border border-line bg-surface p-5 shadow-xs"
            >
              <h2 id="per-day-title" className="text-xl font-semibold">
                Per day
              </h2>
              <div className="mt-4">
                <PageViewsChart days={report.days} />
              </div>
            </section>
            <section
              aria-labelledby="top-title"
              className="rounded-2xl border border-line bg-surface p-5 shadow-xs"
            >
              <h2 id="top-title" className="text-xl font-semibold">
                Most viewed pages
              </h2>
              {report.paths.length ? (
                <table className="mt-4 w-full text-left text-[0.9375rem]">
                  <thead>
                    <tr className="border-b border-line text-ink-muted">
                      <th scope="col" className="py-2 font-medium">
                        Page
                      </th>
                      <th scope="col" className="py-2 text-right font-medium">
                        Views
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.paths.map((p) => (
                      <tr key={p.path} className="border-b border-line last:border-0">
                        <td className="py-2 break-all">{p.path}</td>
                        <td className="py-2 text-right tabular-nums">{p.views}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <p className="mt-3 text-ink-muted">No page has been counted in the last 30 days.</p>
              )}
            </section>
          </div>
        )}
      </QueryView>
    </SectionPage>
  );
}

/** /app/PageViews: the page-view chart for admins (ADMIN_EMAILS, verified); the API refuses anyone else with 403. */
export function PageViewsPage() {
  const { user } = useShellContext();
  if (user.isAdmin) return <Report />;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
      <p className="text-sm font-semibold tracking-wide text-accent uppercase">Error 403</p>
      <h1 className="mt-2 font-display text-3xl font-semibold sm:text-4xl">
        For Heirloom's administrators only
      </h1>
      <p className="mt-3 text-lg leading-relaxed text-ink-muted">Page views are shown to administrators.</p>
      <Link to="/app" className="btn-secondary mt-6">
        Back to your vault
      </Link>
    </div>
  );
}
