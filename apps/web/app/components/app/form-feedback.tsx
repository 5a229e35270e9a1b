import type { ReactNode, Ref } from "react";
import { Icon } from "../ui/icon.tsx";
import { Notice } from "../ui/notice.tsx";
import { Spinner } from "../ui/spinner.tsx";

/**
 * A form's outcome, announced and focusable: the page moves focus here after a failed or finished submit, so a
 * keyboard or screen reader user hears what happened without hunting for it.
 */
export function FormOutcome({
  ref,
  tone,
  title,
  children,
}: {
  ref?: Ref<HTMLDivElement>;
  tone: "danger" | "success";
  title?: string;
  children: ReactNode;
}) {
  return (
    <div ref={ref} tabIndex={-1} role={tone === "danger" ? "alert" : "status"} className="outline-none">
      <Notice tone={tone} {...(title ? { title } : {})}>
        {children}
      </Notice>
    </div>
  );
}

/**
 * The steps of slow work (Argon2id, re-wrapping), the current one with a spinner. Render it inside a live region that
 * is always on the page (role="status"), so each step is announced as it starts.
 */
export function ProgressSteps<S extends string>({
  steps,
  labels,
  current,
}: {
  steps: readonly S[];
  labels: Record<S, string>;
  current: S;
}) {
  const at = steps.indexOf(current);
  return (
    <div className="rounded-xl border border-line bg-surface-sunken p-4">
      <p className="sr-only">
        Step {at + 1} of {steps.length}: {labels[current]}. This can take a few seconds.
      </p>
      <ol aria-hidden="true" className="space-y-2.5 text-[0.9375rem]">
        {steps.map((step, i) => (
          <li key={step} className={`flex items-center gap-2.5 ${i > at ? "text-ink-muted" : "text-ink"}`}>
            {i < at ? (
              <Icon name="check" className="size-5 shrink-0 text-success" />
            ) : i === at ? (
              <Spinner className="size-5 shrink-0" />
            ) : (
              <span className="size-5 shrink-0 rounded-full border-2 border-line-strong" />
            )}
            <span className={i === at ? "font-medium" : ""}>{labels[step]}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
