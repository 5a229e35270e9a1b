import type { ComponentProps, ReactNode } from "react";

type SwitchProps = Omit<ComponentProps<"input">, "id" | "type"> & {
  id: string;
  label: string;
  description?: ReactNode;
  error?: string | undefined;
};

/**
 * An on/off setting: a native checkbox (Space toggles it, screen readers say "checked"/"not checked"), drawn as
 * a track and thumb. Works with react-hook-form's register() (the ref passes through).
 */
export function Switch({ id, label, description, error, disabled, ...input }: SwitchProps) {
  const describedBy = [description ? `${id}-description` : "", error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className={`font-medium ${disabled ? "text-ink-muted" : "text-ink"}`}>
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="mt-1 text-[0.9375rem] leading-relaxed text-ink-muted">
            {description}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          disabled={disabled}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
          {...input}
        />
        <span
          aria-hidden="true"
          className="flex h-7 w-12 items-center rounded-full border border-line-strong bg-surface-sunken p-0.5 transition-colors peer-checked:border-accent peer-checked:bg-accent peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent peer-disabled:opacity-50 peer-checked:*:translate-x-5 peer-checked:*:bg-on-accent"
        >
          <span className="size-5.5 rounded-full bg-ink-muted shadow-xs transition-transform" />
        </span>
      </span>
    </div>
  );
}
