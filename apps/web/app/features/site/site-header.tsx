import { Link } from "react-router";
import { prefetchOnIntent } from "#app/lib/page-prefetch.ts";
import { MenuIcon } from "./menu-icon.tsx";
import { useHeaderUser } from "./use-header-user.ts";
import { useMobileMenu } from "./use-mobile-menu.ts";
import { Wordmark } from "./wordmark.tsx";

/** SPEC.md section 2, "Header": what a visitor who is not signed in sees. */
const visitorLinks = [
  { label: "Features", to: "/#ft162837" },
  { label: "Pricing", to: "/#get-started" },
  { label: "FAQ", to: "/help" },
] as const;
const signInLink = { label: "Sign In", to: "/login#auth" } as const;
const accountLink = "/app/#lg";

export const mobileMenuId = "mobile-menu";

/** Class names of the two places the header's items appear: the desktop bar and the mobile menu. */
const layouts = {
  desktop: {
    link: "rounded-md px-3 py-2 text-[0.9375rem] font-medium text-ink-muted transition-colors hover:text-ink",
    lastItem: "ml-3",
    button: "min-h-10 py-2",
  },
  mobile: {
    link: "flex min-h-12 items-center rounded-lg px-4 text-lg font-medium text-ink hover:bg-surface-sunken",
    lastItem: "pt-4",
    button: "w-full",
  },
} as const;

/** The header's items: the visitor's links and Sign In, or the signed-in user's name and Sign Out. */
function HeaderItems({ layout }: { layout: keyof typeof layouts }) {
  const user = useHeaderUser();
  const c = layouts[layout];
  if (user) {
    return (
      <>
        <li>
          <Link to={accountLink} {...prefetchOnIntent(accountLink)} className={c.link}>
            {user.displayName}
          </Link>
        </li>
        <li className={c.lastItem}>
          <button type="button" onClick={user.signOut} className={`btn-secondary ${c.button}`}>
            Sign Out
          </button>
        </li>
      </>
    );
  }
  return (
    <>
      {visitorLinks.map((l) => (
        <li key={l.to}>
          <Link to={l.to} {...prefetchOnIntent(l.to)} className={c.link}>
            {l.label}
          </Link>
        </li>
      ))}
      <li className={c.lastItem}>
        <Link to={signInLink.to} {...prefetchOnIntent(signInLink.to)} className={`btn-primary ${c.button}`}>
          {signInLink.label}
        </Link>
      </li>
    </>
  );
}

export function SiteHeader() {
  const menu = useMobileMenu();

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-canvas">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-5 sm:px-8"
      >
        <Wordmark to="/" />

        <ul className="hidden items-center gap-1 lg:flex">
          <HeaderItems layout="desktop" />
        </ul>

        <button
          ref={menu.toggleRef}
          type="button"
          className="-mr-2 inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-surface-sunken lg:hidden"
          aria-expanded={menu.open}
          aria-controls={mobileMenuId}
          aria-label={menu.open ? "Close menu" : "Open menu"}
          onClick={menu.toggle}
        >
          <MenuIcon open={menu.open} />
        </button>

        <div
          id={mobileMenuId}
          hidden={!menu.open}
          className="fixed inset-x-0 top-16 bottom-0 z-40 overflow-y-auto border-t border-line bg-canvas px-5 pt-6 pb-10 sm:px-8 lg:hidden"
        >
          <ul className="mx-auto max-w-6xl space-y-1">
            <HeaderItems layout="mobile" />
          </ul>
        </div>
      </nav>
    </header>
  );
}
