import { useQuery } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useLocation } from "react-router";
import { QueryView } from "#app/components/ui/query-view.tsx";
import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import { CheckInCard } from "#app/features/check-in/check-in-card.tsx";
import { useDateFormat } from "#app/features/prefs/date-format.ts";
import { displayNameOf } from "#app/features/session/index.ts";
import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sections } from "#app/features/shell/sections.ts";
import { useShellContext } from "#app/features/shell/shell-context.ts";
import { apiQuery, joinQueries } from "#app/lib/query.tsx";
import { documentsQuery } from "./documents-query.ts";
import { NewPlan } from "./new-plan.tsx";
import { PlanCard } from "./plan-card.tsx";
import type { DocumentsState } from "./plan-items.tsx";
import { QueuePanel } from "./queue-panel.tsx";
import { useOpened } from "./use-opened.ts";
import { useWrapQueue } from "./use-wrap-queue.ts";

/** /account/LegacySettings: the owner's plans, what each hands on to whom and when, and the wrap queue's progress. */
export function LegacySettingsPage() {
  const plans = useQuery(apiQuery("listLegacyPlans"));
  const contacts = useQuery(apiQuery("listLegacyContacts"));
  const documentsList = useQuery(documentsQuery);
  const view = joinQueries([plans, contacts] as const, (p, c) => ({ plans: p.plans, contacts: c.contacts }));
  const opened = useOpened(plans.data?.plans, contacts.data?.contacts);
  const queue = useWrapQueue();
  const dates = useDateFormat();
  const { user } = useShellContext();
  const { pathname } = useLocation();
  const area = pathname.toLowerCase().startsWith("/app") ? "/app" : "/account";
  const contactsPath = `${area}/legacyinvitations`;
  const [message, setMessage] = useState("");
  const announce = useCallback((text: string) => {
    setMessage("");
    setTimeout(() => setMessage(text), 100);
  }, []);
  const documents: DocumentsState = {
    list: documentsList.data,
    failed: documentsList.isError,
    retry: () => void documentsList.refetch(),
  };
  const { title, description } = sections.legacy;

  return (
    <SectionPage title={title} description={description}>
      <p role="status" aria-live="polite" className="sr-only" data-testid="plans-announcement">
        {message}
      </p>
      <CheckInCard />
      {(plans.data?.plans.length ?? 0) > 0 || queue.error ? (
        <QueuePanel queue={queue} opened={opened.data} />
      ) : null}
      <QueryView query={view} label="your plans">
        {(data) => (
          <div className="space-y-6">
            {data.plans.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-line-strong bg-surface px-6 py-8 leading-relaxed text-ink-muted">
                You have no plan yet. Make one below: name it, choose when it is released, then add documents
                and the people who receive them.
              </p>
            ) : (
              data.plans.map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  contacts={data.contacts}
                  opened={opened.data}
                  documents={documents}
                  contactsPath={contactsPath}
                  ownerName={displayNameOf(user)}
                  dates={dates}
                  announce={announce}
                />
              ))
            )}
            <SettingsPanel
              id="new-plan-title"
              title="Make a plan"
              description="A plan hands chosen documents, and a letter, to chosen people when its trigger fires."
            >
              <NewPlan contacts={data.contacts} opened={opened.data} announce={announce} />
            </SettingsPanel>
          </div>
        )}
      </QueryView>
    </SectionPage>
  );
}
