import { useEffect, useRef } from "react";
import { Notice } from "./notice.tsx";

/**
 * The form-level error of an auth page: announced when it appears (role="alert") and focused, so keyboard and
 * screen-reader users land on what went wrong. The live region is always rendered, so the announcement is not lost.
 */
export function ErrorSummary({ title, message }: { title: string; message: string | null }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) box.current?.focus();
  }, [message]);
  return (
    <div ref={box} tabIndex={-1} role="alert" className="focus:outline-none">
      {message ? (
        <Notice tone="danger" title={title}>
          {message}
        </Notice>
      ) : null}
    </div>
  );
}
