import { type ReactNode, useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { PublicChrome } from "#app/features/site/public-chrome.tsx";

// [Note: Fade in after navigations, not on the first load] The server's HTML must paint at once: a page that
// starts at opacity 0 delays the first contentful paint until the browser gets round to animating it. So the
// first page after a load renders without the fade, and every page reached by a navigation fades in (SPEC.md
// section 2, "After loading, the routed page fades in").
let hydrated = false;

function FadeIn({ children }: { children: ReactNode }) {
  const [fade] = useState(() => hydrated);
  return <div className={fade ? "page-fade-in" : undefined}>{children}</div>;
}

export default function PublicLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    hydrated = true;
  }, []);
  return (
    <PublicChrome>
      <FadeIn key={pathname}>
        <Outlet />
      </FadeIn>
    </PublicChrome>
  );
}
