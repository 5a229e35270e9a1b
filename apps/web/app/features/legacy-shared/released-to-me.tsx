import type { LegacySharedList } from "@heirloom/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { QueryView } from "#app/components/ui/query-view.tsx";
import { type DateFormat, useDateFormat } from "#app/features/prefs/date-format.ts";
import { apiQuery } from "#app/lib/query.tsx";
import { NamingActions } from "./naming-actions.tsx";
import { itemCount, planStateInWords, triggerInWords } from "./plain-words.ts";
import { DrillBadge } from "./shared-header.tsx";

type Summary = LegacySharedList["shared"][number];
type NamingPlan = LegacySharedList["plans"][number];

function SharedRow({ item, dates }: { item: Summary; dates: DateFormat }) {
  const owner = item.owner.name || item.owner.email;
  const details = [
    `${item.kind === "drill" ? "Sent" : "Released"} ${dates.day(item.releasedAt)}`,
    itemCount(item.itemCount),
    item.expiresAt
      ? `${item.kind === "drill" ? "expires" : "available until"} ${dates.day(item.expiresAt)}`
      : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <Link to={`/app/shared/${item.id}`} className="link wrap-anywhere">
            {item.kind === "drill" ? `Drill from ${owner}` : `From ${owner}`}
          </Link>
          {item.kind === "drill" ? <DrillBadge /> : null}
        </p>
        <p className="mt-1 text-sm text-ink-muted">{details.join(" · ")}</p>
      </div>
      <Icon name="lock" className="hidden size-5 shrink-0 text-accent sm:block" />
    </li>
  );
}

function NamingRow({ plan, dates }: { plan: NamingPlan; dates: DateFormat }) {
  return (
    <li className="p-4 sm:px-6" data-testid="naming-plan">
      <p className="font-medium wrap-anywhere">{plan.ownerName}</p>
      <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-ink-muted">Your role</dt>
        <dd>{plan.trustee ? "Trustee" : "Recipient"}</dd>
        <dt className="text-ink-muted">Releases</dt>
        <dd>{triggerInWords(plan.trigger)}</dd>
        <dt className="text-ink-muted">Status</dt>
        <dd data-testid="naming-plan-status">{planStateInWords(plan, dates.day)}</dd>
      </dl>
      <NamingActions plan={plan} />
    </li>
  );
}

/**
 * "Released to me", for the account holder page: what others' plans have released to me (and drills), each opening
 * at /app/shared/{id}, and the plans that name me (who, when they hand on, whether they have; never what they hold).
 */
export function ReleasedToMe() {
  const list = useQuery(apiQuery("listLegacyShared"));
  const dates = useDateFormat();
  return (
    <section
      aria-labelledby="released-to-me-title"
      className="rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-7"
    >
      <h2 id="released-to-me-title" className="text-xl font-semibold">
        Released to me
      </h2>
      <p className="mt-1.5 leading-relaxed text-ink-muted">
        What other people's legacy plans have handed on to you. It opens in this browser, with your own key.
      </p>
      <div className="mt-5">
        <QueryView query={list} label="what was released to you">
          {({ shared, plans }) => (
            <div className="space-y-6">
              {shared.length === 0 ? (
                <p className="rounded-xl bg-surface-sunken px-4 py-3 leading-relaxed">
                  Nothing has been released to you.
                </p>
              ) : (
                <ul
                  aria-labelledby="released-to-me-title"
                  className="divide-y divide-line rounded-xl border border-line"
                >
                  {shared.map((item) => (
                    <SharedRow key={item.id} item={item} dates={dates} />
                  ))}
                </ul>
              )}
              {plans.length > 0 ? (
                <div>
                  <h3 id="plans-naming-me-title" className="text-lg font-semibold">
                    Plans that name you
                  </h3>
                  <p className="mt-1 text-sm leading-relaxed text-ink-muted">
                    You are a recipient or a trustee of these plans. What they hold stays private until they
                    are released.
                  </p>
                  <ul
                    aria-labelledby="plans-naming-me-title"
                    className="mt-3 divide-y divide-line rounded-xl border border-line"
                  >
                    {plans.map((plan) => (
                      <NamingRow key={plan.planId} plan={plan} dates={dates} />
                    ))}
                  </ul>
                </div>
              ) : null}
            </div>
          )}
        </QueryView>
      </div>
    </section>
  );
}
