import type { ReactNode } from "react";

/** Long-form text styled by element (see `.prose-heirloom` in app.css). */
export function Prose({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`prose-heirloom ${className}`}>{children}</div>;
}
