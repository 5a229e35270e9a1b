import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { NavIcon } from "#app/components/ui/nav-icon.tsx";
import { NotificationsBell } from "#app/features/notifications/notifications-bell.tsx";
import { MenuIcon } from "#app/features/site/menu-icon.tsx";
import { useMobileMenu } from "#app/features/site/use-mobile-menu.ts";
import { Wordmark } from "#app/features/site/wordmark.tsx";
import { prefetchOnIntent } from "#app/lib/page-prefetch.ts";
import { type AppNavItem, appNavItems, isActiveItem } from "./app-nav.ts";

export const appMenuId = "app-menu";

function NavList({ items, pathname }: { items: readonly AppNavItem[]; pathname: string }) {
  return (
    <ul className="space-y-0.5">
      {items.map((item) => {
        const active = isActiveItem(item, pathname);
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              {...prefetchOnIntent(item.to)}
              aria-current={active ? "page" : undefined}
              className={`flex min-h-11 items-center gap-3 rounded-lg px-3 text-[0.9375rem] font-medium transition-colors ${
                active ? "bg-accent-soft text-ink" : "text-ink-muted hover:bg-surface-sunken hover:text-ink"
              }`}
            >
              <NavIcon name={item.icon} className={`size-5 shrink-0 ${active ? "text-accent" : ""}`} />
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function SignedInAs({ displayName, email }: { displayName: string; email: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-line bg-surface-sunken px-3 py-2.5">
      <p className="text-xs font-medium text-ink-muted">Signed in as</p>
      <p className="truncate font-semibold text-ink">{displayName}</p>
      {email !== displayName ? <p className="truncate text-sm text-ink-muted">{email}</p> : null}
    </div>
  );
}

/**
 * The frame of every signed-in page: a side panel from 1024 px (wordmark, who is signed in, the menu), a top bar
 * with the name and Sign Out, and below 1024 px a menu button that opens the same menu as a drawer (same pattern
 * as the public header: aria-expanded/controls, Escape closes, the page behind neither scrolls nor takes focus).
 */
export function AppShell({
  displayName,
  email,
  onSignOut,
  children,
}: {
  displayName: string;
  email: string;
  onSignOut: () => void;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const menu = useMobileMenu();

  return (
    <div className="min-h-dvh lg:flex">
      <a
        href="#main"
        className="btn-primary sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:px-5 focus:py-2.5"
      >
        Skip to content
      </a>

      {/* The panel's background runs the page's whole height; its contents stay in view as the page scrolls. */}
      <aside
        className="hidden w-64 shrink-0 border-r border-line bg-surface lg:block"
        data-testid="side-panel"
      >
        <div className="sticky top-0 flex max-h-dvh flex-col gap-6 overflow-y-auto px-4 py-5">
          <Wordmark to="/app" className="px-2" />
          <SignedInAs displayName={displayName} email={email} />
          <nav aria-label="Vault">
            <NavList items={appNavItems} pathname={pathname} />
          </nav>
        </div>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-40 border-b border-line bg-canvas">
          <div className="flex h-16 items-center gap-3 px-4 sm:px-6 lg:px-8">
            {/* Below 384 px the seal, bell, Sign Out and menu leave no room for the name: it stays for screen
                readers only, so Sign Out keeps to one line and nothing scrolls sideways. */}
            <Wordmark to="/app" className="lg:hidden" nameClassName="max-[24rem]:sr-only" />
            <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
              <NotificationsBell />
              {/* SPEC section 2 "Header": the display name links to the app. */}
              <Link
                to="/app"
                className="hidden max-w-[16rem] truncate text-[0.9375rem] font-medium text-ink hover:underline sm:inline"
              >
                {displayName}
              </Link>
              <button
                type="button"
                onClick={onSignOut}
                className="btn-secondary min-h-10 px-3 py-2 whitespace-nowrap sm:px-4"
              >
                Sign Out
              </button>
              <button
                ref={menu.toggleRef}
                type="button"
                className="-mr-2 inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-surface-sunken lg:hidden"
                aria-expanded={menu.open}
                aria-controls={appMenuId}
                aria-label={menu.open ? "Close menu" : "Open menu"}
                onClick={menu.toggle}
              >
                <MenuIcon open={menu.open} />
              </button>
            </div>
          </div>
          <div
            id={appMenuId}
            hidden={!menu.open}
            className="fixed inset-x-0 top-16 bottom-0 z-40 space-y-5 overflow-y-auto border-t border-line bg-canvas px-4 pt-5 pb-10 sm:px-6 lg:hidden"
          >
            <SignedInAs displayName={displayName} email={email} />
            <nav aria-label="Vault">
              <NavList items={appNavItems} pathname={pathname} />
            </nav>
          </div>
        </header>

        <main id="main" className="flex-1">
          {children}
        </main>
      </div>
    </div>
  );
}
