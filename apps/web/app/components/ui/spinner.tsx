/** A small circular loader. Decorative: the surrounding element carries the "Loading" text for screen readers. */
export function Spinner({ className = "size-8" }: { className?: string }) {
  return (
    <svg
      className={`animate-spin-slow text-accent motion-reduce:animate-none ${className}`}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21.5 12A9.5 9.5 0 0 0 12 2.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
