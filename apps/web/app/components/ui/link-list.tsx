import { Link } from "react-router";
import { Icon } from "./icon.tsx";

export interface LinkListItem {
  label: string;
  description: string;
  to: string;
}

/** A list of pages to go to, each with one line on what is there. */
export function LinkList({ items, label }: { items: readonly LinkListItem[]; label: string }) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
    >
      {items.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            className="flex items-center gap-4 px-5 py-4 transition-colors hover:bg-surface-sunken"
          >
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-ink">{item.label}</span>
              <span className="mt-0.5 block text-sm text-ink-muted">{item.description}</span>
            </span>
            <Icon name="arrow-right" className="size-5 shrink-0 text-ink-muted" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
