const layers = [
  {
    name: "Your password",
    where: "Only in your head",
    body: "Typed into your browser and used there. It is never sent to us, and we never store it anywhere.",
    tech: null,
  },
  {
    name: "Vault key",
    where: "Stays in your browser",
    body: "Made from your password by Argon2id, a slow and memory-hungry function, using a salt we provide. Every other key hangs from this one.",
    tech: "Argon2id · 3 passes · 64 MiB · 32-byte key",
  },
  {
    name: "Sign-in key",
    where: "Sent to us; we keep a hash",
    body: "A one-way derivation of your vault key, sent instead of your password when you sign in. We store only a hash of it. Knowing it does not reveal your vault key.",
    tech: "HKDF-SHA256 · stored as an Argon2id hash",
  },
  {
    name: "Account key and key pair",
    where: "Stored sealed",
    body: "A random account key, and a key pair for receiving documents from others. Both are sealed with your vault key, so changing your password only re-seals these two small items.",
    tech: "32 random bytes · RSA-OAEP 4096 / SHA-256 · sealed with AES-256-GCM",
  },
  {
    name: "Document keys",
    where: "One per document, stored sealed",
    body: "Every document, password and note has its own random key, sealed with your account key. Giving someone one document never exposes another.",
    tech: "32 random bytes · AES-256-GCM in 4 MiB chunks",
  },
  {
    name: "Recipient copies",
    where: "Sealed to the recipient",
    body: "For each confirmed contact in a plan, your browser seals that plan's document keys to the contact's public key. Only their private key can open these copies.",
    tech: "RSA-OAEP 4096 with SHA-256",
  },
  {
    name: "Recovery key",
    where: "On paper, in your recovery kit",
    body: "A random key shown once, for you to print and keep safe. It seals your account key and private key a second time, so you can get back in if you forget your password.",
    tech: "32 random bytes · shown once",
  },
] as const;

/** The key hierarchy of ARCHITECTURE.md, in plain words, from the password down. */
export function KeyHierarchy() {
  return (
    <ol className="relative space-y-4 before:absolute before:top-6 before:bottom-6 before:left-[1.1875rem] before:w-px before:bg-line-strong">
      {layers.map((l, i) => (
        <li key={l.name} className="relative flex gap-4 sm:gap-6">
          <span
            aria-hidden="true"
            className="relative mt-4 flex size-10 shrink-0 items-center justify-center rounded-full border border-accent/50 bg-accent-soft text-sm font-semibold text-accent"
          >
            {i + 1}
          </span>
          <div className="min-w-0 flex-1 rounded-2xl border border-line bg-surface p-5 sm:p-6">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h3 className="text-lg font-semibold">{l.name}</h3>
              <p className="text-sm font-medium text-accent">{l.where}</p>
            </div>
            <p className="mt-2 leading-relaxed text-ink-muted">{l.body}</p>
            {l.tech ? (
              <p className="mt-3 font-mono text-[0.8125rem] text-ink-muted">
                <span className="sr-only">Technical detail: </span>
                {l.tech}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
