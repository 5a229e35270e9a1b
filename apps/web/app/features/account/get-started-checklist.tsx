import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { QueryView } from "#app/components/ui/query-view.tsx";
import type { ChecklistItem } from "./checklist.ts";
import { useChecklist } from "./load-checklist.ts";

// Loaded lazily by the public /getStarted page for a signed-in person. It reads the server through lib/query.tsx only:
// no session or crypto code, so the public page's rule (biome.json) holds for everything it pulls in.

function StepMark({ state }: { state: ChecklistItem["state"] }) {
  if (state === "done")
    return (
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-success text-surface">
        <Icon name="check" className="size-5" />
      </span>
    );
  return (
    <span
      className={`size-8 shrink-0 rounded-full border-2 ${state === "soon" ? "border-dashed border-line-strong" : "border-accent"}`}
    />
  );
}

function Step({ item }: { item: ChecklistItem }) {
  const status = item.state === "done" ? "Done" : item.state === "soon" ? "Coming soon" : "To do";
  return (
    <li className="flex gap-4 py-5" data-testid={`checklist-${item.id}`} data-state={item.state}>
      <StepMark state={item.state} />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold">
          {item.title}
          <span className="sr-only">: {status}</span>
        </h3>
        <p className="mt-1 text-[0.9375rem] leading-relaxed text-ink-muted">{item.body}</p>
        {item.state === "todo" && item.action ? (
          <Link
            to={item.action.to}
            className="link mt-2 inline-flex min-h-11 items-center gap-1.5 font-medium"
          >
            {item.action.label}
            <Icon name="arrow-right" className="size-4" />
          </Link>
        ) : item.state === "soon" ? (
          <p className="mt-2 inline-block rounded-full bg-surface-sunken px-3 py-1 text-sm font-medium text-ink-muted">
            Coming soon
          </p>
        ) : (
          <p className="mt-2 text-sm font-medium text-success">Done</p>
        )}
      </div>
    </li>
  );
}

export default function GetStartedChecklist({ displayName }: { displayName: string }) {
  const items = useChecklist();
  return (
    <section
      aria-labelledby="checklist-title"
      className="rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-8"
    >
      <h2 id="checklist-title" className="font-display text-2xl font-semibold sm:text-3xl">
        Your first steps, {displayName}
      </h2>
      <QueryView query={items} label="your checklist">
        {(list) => {
          const done = list.filter((i) => i.state === "done").length;
          return (
            <>
              <p className="mt-2 text-ink-muted" data-testid="checklist-progress">
                {done} of {list.length} done
              </p>
              <progress
                className="mt-3 block h-2 w-full overflow-hidden rounded-full bg-line [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-accent"
                value={done}
                max={list.length}
                aria-label="Checklist progress"
              />
              <ol className="mt-2 divide-y divide-line">
                {list.map((item) => (
                  <Step key={item.id} item={item} />
                ))}
              </ol>
            </>
          );
        }}
      </QueryView>
    </section>
  );
}
