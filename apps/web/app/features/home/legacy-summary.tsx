import type { LegacyContact } from "@heirloom/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { QueryView } from "#app/components/ui/query-view.tsx";
import { useContactNames } from "#app/features/legacy-contacts/contact-details-query.ts";
import { sections } from "#app/features/shell/sections.ts";
import { apiQuery, joinQueries } from "#app/lib/query.tsx";
import { legacyAttention, liveContacts } from "./dashboard.ts";
import { HomeSection } from "./home-section.tsx";

const noContacts: readonly LegacyContact[] = [];

/** Home's legacy circle: contacts and plans, and anything in them that needs the owner. */
export function LegacySummary() {
  const contactsQuery = useQuery(apiQuery("listLegacyContacts"));
  // The names the owner gave their contacts, opened here (the contacts page's own query); the address until then.
  const names = useContactNames(contactsQuery.data?.contacts ?? noContacts);
  const summary = joinQueries([contactsQuery, useQuery(apiQuery("listLegacyPlans"))], (contacts, plans) => ({
    contacts: contacts.contacts,
    plans: plans.plans,
  }));
  return (
    <QueryView query={summary} label="your legacy circle">
      {({ contacts, plans }) => {
        const live = liveContacts(contacts);
        if (live.length === 0 && plans.length === 0) {
          return (
            <EmptyState
              {...sections.legacy.empty}
              title="No legacy contacts yet"
              action={{ label: "Invite a legacy contact", to: "/app/legacyinvitations" }}
            />
          );
        }
        const confirmed = live.filter((c) => c.state === "confirmed").length;
        const attention = legacyAttention(contacts, plans, names);
        return (
          <HomeSection id="legacy" title="Legacy" to="/app/LegacySettings" linkLabel="Legacy settings">
            <p data-testid="home-legacy-counts">
              <strong>{live.length}</strong> {live.length === 1 ? "legacy contact" : "legacy contacts"} (
              {confirmed} confirmed), <strong>{plans.length}</strong> {plans.length === 1 ? "plan" : "plans"}
            </p>
            {attention.length ? (
              <>
                <h3 className="mt-4 text-sm font-semibold text-ink-muted">Needs your attention</h3>
                <ul className="mt-2 space-y-3" data-testid="home-attention">
                  {attention.map((item) => (
                    <li
                      key={item.id}
                      className="rounded-xl border border-brass/40 bg-brass-soft p-3 text-[0.9375rem]"
                    >
                      <p>{item.text}</p>
                      <Link
                        to={item.action.to}
                        className="link mt-1 inline-flex min-h-11 items-center font-medium"
                      >
                        {item.action.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="mt-3 text-ink-muted">Nothing needs your attention.</p>
            )}
          </HomeSection>
        );
      }}
    </QueryView>
  );
}
