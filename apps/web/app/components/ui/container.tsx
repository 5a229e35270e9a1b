import type { ReactNode } from "react";

/** The page column: centred, readable on a 320 px phone and on a wide screen. */
export function Container({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-6xl px-5 sm:px-8 ${className}`}>{children}</div>;
}
