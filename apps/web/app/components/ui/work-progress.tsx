import { Spinner } from "./spinner.tsx";

/**
 * What the browser is doing during slow crypto (Argon2id, RSA-4096 key generation): a stage line read out by screen
 * readers as it changes, and a progress bar. A native <progress>, so no inline style is needed under our CSP.
 */
export function WorkProgress({
  id,
  title,
  stage,
  done,
  total,
}: {
  id: string;
  title: string;
  stage: string;
  done: number;
  total: number;
}) {
  return (
    <div className="rounded-xl border border-line bg-surface-sunken p-5">
      <div className="flex items-center gap-3">
        <Spinner className="size-6 shrink-0" />
        <p className="font-semibold">{title}</p>
      </div>
      <p id={`${id}-stage`} role="status" aria-live="polite" className="mt-3 text-[0.9375rem] text-ink-muted">
        {stage}…
      </p>
      <progress
        aria-labelledby={`${id}-stage`}
        value={done}
        max={total}
        className="mt-3 block h-2 w-full overflow-hidden rounded-full bg-line [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-accent [&::-webkit-progress-value]:transition-[width]"
      />
      <p className="mt-3 text-sm text-ink-muted">
        This happens in your browser and takes a few seconds. Please keep this tab open.
      </p>
    </div>
  );
}
