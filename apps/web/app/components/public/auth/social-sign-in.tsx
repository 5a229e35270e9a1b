const providers = ["Google", "Apple", "Microsoft", "GitHub"] as const;

/**
 * The four identity providers. A provider proves who you are; it cannot open your vault, which still needs your
 * vault password (ARCHITECTURE.md, key hierarchy). Disabled until accounts arrive.
 */
export function SocialSignIn({ verb = "Continue", disabled = true }: { verb?: string; disabled?: boolean }) {
  return (
    <div>
      <div className="flex items-center gap-4 text-sm text-ink-muted">
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
      </div>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2">
        {providers.map((p) => (
          <li key={p}>
            <button type="button" className="btn-secondary w-full text-[0.9375rem]" disabled={disabled}>
              {verb} with {p}
            </button>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm leading-relaxed text-ink-muted">
        Signing in with a provider proves who you are. You still unlock your vault with your vault password,
        which neither we nor the provider ever see.
      </p>
    </div>
  );
}
