import type { ReactNode, Ref } from "react";
import { Notice } from "./notice.tsx";

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
