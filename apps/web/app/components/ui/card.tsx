import type { ReactNode } from "react";

/** A quiet bordered panel; `as` lets a list of cards be a real list. */
export function Card({
  children,
  className = "",
  as: Tag = "div",
}: {
  children: ReactNode;
  className?: string;
  as?: "div" | "li" | "article" | "section";
}) {
  return (
    <Tag className={`rounded-2xl border border-line bg-surface p-6 shadow-xs ${className}`}>{children}</Tag>
  );
}
