import type { ReactNode } from "react";

export interface FieldAria {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Extra content on the label's line, such as a "Forgot password?" link. */
  labelAside?: ReactNode;
  className?: string;
  /** Renders the control with the attributes that tie it to its label, hint and error. */
  children: (aria: FieldAria) => ReactNode;
}

/**
 * A form control's label, hint and error, wired so that screen readers announce the hint and error with the control
 * (aria-describedby) and its invalid state (aria-invalid).
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  labelAside,
  className = "",
  children,
}: FieldFrameProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-4">
        <label htmlFor={id} className="block text-sm font-medium text-ink">
          {label}
        </label>
        {labelAside}
      </div>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
