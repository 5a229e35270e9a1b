import { Link } from "react-router";
import { SocialLinks } from "./social-links.tsx";
import { Wordmark } from "./wordmark.tsx";

/** SPEC.md section 2, "Footer": these eight links, in lower case as the spec writes them. */
const footerLinks = [
  { label: "How it works", to: "/howitworks" },
  { label: "Security", to: "/security" },
  { label: "About", to: "/about" },
  { label: "Contact", to: "/contact" },
  { label: "Privacy", to: "/privacy" },
  { label: "Terms", to: "/terms" },
  { label: "Cookie Preference", to: "/cookies" },
  { label: "Legal notice", to: "/legalnotice" },
] as const;

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-line bg-surface-sunken">
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-5 py-12 sm:px-8 md:grid-cols-[1.2fr_2fr]">
        <div>
          <Wordmark />
          <p className="mt-4 max-w-xs text-[0.9375rem] leading-relaxed text-ink-muted">
            Your documents, encrypted so only you can read them — and handed to exactly the right people when
            the time comes.
          </p>
          <div className="mt-6">
            <SocialLinks />
          </div>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-4 md:grid-cols-2 lg:grid-cols-4">
            {footerLinks.map((l) => (
              <li key={l.to}>
                <Link
                  to={l.to}
                  className="inline-flex min-h-11 items-center text-[0.9375rem] text-ink-muted underline-offset-4 hover:text-ink hover:underline"
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto w-full max-w-6xl px-5 py-6 text-sm text-ink-muted sm:px-8">
          © {year} Heirloom. Zero-knowledge encryption: we cannot read what you keep here.
        </p>
      </div>
    </footer>
  );
}
