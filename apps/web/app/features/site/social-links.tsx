import type { ReactNode } from "react";

// Brand glyphs simplified to one colour so they follow the theme; the accessible name is on the link.
const networks: readonly { name: string; href: string; glyph: ReactNode }[] = [
  {
    name: "YouTube",
    href: "https://www.youtube.com/@heirloom",
    glyph: (
      <>
        <rect
          x="2.5"
          y="5.5"
          width="19"
          height="13"
          rx="4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
        />
        <path d="M10 9.2v5.6l4.8-2.8L10 9.2Z" fill="currentColor" />
      </>
    ),
  },
  {
    name: "X",
    href: "https://x.com/heirloom",
    glyph: (
      <path
        d="M4 4h4.6l11.4 16h-4.6L4 4Zm15.5 0-6.1 6.9M4.5 20l6.2-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinejoin="round"
      />
    ),
  },
  {
    name: "Instagram",
    href: "https://www.instagram.com/heirloom",
    glyph: (
      <>
        <rect
          x="3.5"
          y="3.5"
          width="17"
          height="17"
          rx="5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
        />
        <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="1.75" />
        <circle cx="17.2" cy="6.8" r="1.1" fill="currentColor" />
      </>
    ),
  },
  {
    name: "Facebook",
    href: "https://www.facebook.com/heirloom",
    glyph: (
      <path
        d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinejoin="round"
      />
    ),
  },
  {
    name: "TikTok",
    href: "https://www.tiktok.com/@heirloom",
    glyph: (
      <path
        d="M14 3.5v11.2a3.7 3.7 0 1 1-3.7-3.7M14 3.5c.3 2.6 2 4.3 4.8 4.6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.9"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    ),
  },
];

/** Heirloom on five networks: video, short posts, photos, a social network and short videos. */
export function SocialLinks() {
  return (
    <ul className="flex flex-wrap gap-2">
      {networks.map((n) => (
        <li key={n.name}>
          <a
            href={n.href}
            rel="noopener noreferrer"
            target="_blank"
            aria-label={`Heirloom on ${n.name} (opens in a new tab)`}
            className="inline-flex size-11 items-center justify-center rounded-full border border-line text-ink-muted transition-colors hover:border-accent hover:text-accent"
          >
            <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false">
              {n.glyph}
            </svg>
            <span className="sr-only">Heirloom on {n.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
