import { Link } from "react-router";

/** The product wordmark: a keyhole seal and the name. Always a link (SPEC.md: to / on the site, to /app when loading). */
export function Wordmark({
  to = "/",
  className = "",
  nameClassName = "",
}: {
  to?: string;
  className?: string;
  /** Classes for the name beside the seal (the signed-in top bar hides it visually on the narrowest phones). */
  nameClassName?: string;
}) {
  return (
    <Link
      to={to}
      className={`inline-flex items-center gap-2.5 rounded-md font-display text-[1.375rem] font-semibold tracking-tight text-ink ${className}`}
    >
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" className="fill-accent" />
        <circle cx="16" cy="13" r="4" className="fill-on-accent" />
        <path d="M14.2 15.5h3.6l1.2 8h-6l1.2-8Z" className="fill-on-accent" />
      </svg>
      <span className={nameClassName}>Heirloom</span>
    </Link>
  );
}
