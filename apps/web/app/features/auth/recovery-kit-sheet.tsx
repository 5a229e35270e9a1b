import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import {
  kitAdvice,
  kitDate,
  type RecoveryKitContent,
  recoveryKitFileName,
  recoveryKitText,
} from "./recovery-kit.ts";

// While the kit is on screen, printing shows the kit alone: the page is made invisible and the kit visible again
// (visibility is inherited but can be turned back on by a descendant), with no stylesheet of its own under our CSP.
const printHidesPage = "print:invisible";

/**
 * The recovery key, shown once (it lives only in this component's props, is never stored and never sent), with the
 * account and date, Print and Download buttons, and a tick box that must be ticked before the person moves on.
 */
export function RecoveryKit({
  kit,
  continueTo,
  continueLabel,
  skipTo,
  skipLabel,
  onSaved,
}: {
  kit: RecoveryKitContent;
  continueTo: string;
  continueLabel: string;
  skipTo?: string;
  skipLabel?: string;
  /** Called once the box is ticked and the person moves on (records the date for the get-started checklist). */
  onSaved?: () => Promise<unknown>;
}) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checkbox = useRef<HTMLInputElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const errorId = `${ids}-error`;

  useEffect(() => {
    // The next step after the slow key generation: focus moves to the kit, so a screen reader starts reading there.
    title.current?.focus();
    document.body.classList.add(printHidesPage);
    return () => document.body.classList.remove(printHidesPage);
  }, []);

  const download = () => {
    const blob = new Blob([recoveryKitText(kit)], { type: "text/plain;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = recoveryKitFileName(kit.email);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };

  const go = async (to: string) => {
    if (!saved) {
      setError("Tick the box to confirm you have saved your recovery kit. You will not see this key again.");
      checkbox.current?.focus();
      return;
    }
    // Only a record for the checklist: moving on never waits for it to succeed.
    await onSaved?.().catch(() => {});
    navigate(to);
  };

  return (
    <div>
      <section
        aria-labelledby={`${ids}-title`}
        className="rounded-xl border-2 border-dashed border-accent/60 bg-surface p-5 sm:p-6 print:visible print:absolute print:top-0 print:left-0 print:w-full print:border-black print:bg-white print:text-black"
      >
        <p className="text-sm font-semibold tracking-wide text-accent uppercase print:text-black">Heirloom</p>
        <h2
          ref={title}
          tabIndex={-1}
          id={`${ids}-title`}
          className="mt-1 font-display text-2xl font-semibold focus:outline-none"
        >
          Recovery kit
        </h2>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-[0.9375rem]">
          <dt className="text-ink-muted print:text-black">Account</dt>
          <dd className="font-medium break-all">{kit.email}</dd>
          <dt className="text-ink-muted print:text-black">Created</dt>
          <dd className="font-medium">{kitDate(kit.createdAt)}</dd>
        </dl>
        <p className="mt-5 text-sm font-medium text-ink-muted print:text-black">Recovery key</p>
        <p
          data-testid="recovery-key"
          className="mt-1.5 rounded-lg bg-surface-sunken px-4 py-3 font-mono text-lg leading-relaxed tracking-wide break-words select-all sm:text-xl print:bg-transparent print:px-0"
        >
          {kit.recoveryKeyText}
        </p>
        <ul className="mt-5 space-y-2 text-[0.9375rem] leading-relaxed">
          {kitAdvice.map((line) => (
            <li key={line} className="flex gap-2.5">
              <Icon name="shield-check" className="mt-0.5 size-5 shrink-0 text-accent print:text-black" />
              <span>{line}</span>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-5 flex flex-wrap gap-3 print:hidden">
        <button type="button" className="btn-secondary" onClick={() => window.print()}>
          <Icon name="file" className="size-5" />
          Print
        </button>
        <button type="button" className="btn-secondary" onClick={download}>
          <Icon name="download" className="size-5" />
          Download (.txt)
        </button>
      </div>

      <div className="mt-7 border-t border-line pt-6 print:hidden">
        <div className="flex gap-3">
          <input
            ref={checkbox}
            id={`${ids}-saved`}
            type="checkbox"
            checked={saved}
            onChange={(event) => {
              setSaved(event.target.checked);
              if (event.target.checked) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-1 size-5 shrink-0 rounded border-line-strong accent-accent"
          />
          <label htmlFor={`${ids}-saved`} className="leading-relaxed font-medium">
            I have saved my recovery kit
          </label>
        </div>
        <div role="alert">
          {error ? (
            <p id={errorId} className="mt-2 text-sm font-medium text-danger">
              {error}
            </p>
          ) : null}
        </div>
        <div className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-3">
          <button type="button" className="btn-primary" onClick={() => void go(continueTo)}>
            {continueLabel}
            <Icon name="arrow-right" className="size-5" />
          </button>
          {skipTo && skipLabel ? (
            <button type="button" className="link min-h-11" onClick={() => void go(skipTo)}>
              {skipLabel}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
