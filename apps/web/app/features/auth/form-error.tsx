import { useEffect, useRef } from "react";
import { Notice } from "#app/components/ui/notice.tsx";

/**
 * The error summary of a sign-in step: announced (role="alert") and focused when it appears, so a keyboard or
 * screen-reader user lands on what went wrong and tabs on to the field to fix.
 */
export function FormError({
  message,
  title = "We couldn't sign you in",
}: {
  message: string | null;
  title?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  return (
    <div
      role="alert"
      ref={ref}
      tabIndex={-1}
      className="rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-accent"
    >
      {message ? (
        <Notice tone="danger" title={title} className="mb-6">
          <span data-testid="sign-in-error">{message}</span>
        </Notice>
      ) : null}
    </div>
  );
}
