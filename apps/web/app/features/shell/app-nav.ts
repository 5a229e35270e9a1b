import type { NavIconName } from "#app/components/ui/nav-icon.tsx";

export interface AppNavItem {
  label: string;
  /** Path under /app. The same pages exist under /account (SPEC.md "Parallel set"); the menu uses /app. */
  to: string;
  icon: NavIconName;
}

/** The signed-in area's menu, in the order of the side panel. */
export const appNavItems: readonly AppNavItem[] = [
  { label: "Home", to: "/app", icon: "home" },
  { label: "Documents", to: "/app/MyData", icon: "file" },
  { label: "Legacy", to: "/app/LegacySettings", icon: "hourglass" },
  { label: "Passwords", to: "/app/Passwords", icon: "key" },
  { label: "Service accounts", to: "/app/serviceaccounts", icon: "server" },
  { label: "Activity", to: "/app/Activity", icon: "clock" },
  { label: "Settings", to: "/app/settings", icon: "settings" },
  { label: "Security settings", to: "/app/securitysettings", icon: "shield-check" },
  { label: "Help", to: "/app/help", icon: "lifebuoy" },
  { label: "More", to: "/app/More", icon: "more" },
];

/** The page a path shows, whichever area it is under: "/account/mydata/" and "/app/MyData" both give "mydata". */
export function pageKeyOf(pathname: string): string {
  return pathname
    .toLowerCase()
    .replace(/\/+$/, "")
    .replace(/^\/(app|account)(?=\/|$)/, "")
    .replace(/^\//, "");
}

/** Whether `item` is the page at `pathname` (or, for sections with detail pages, its parent). */
export function isActiveItem(item: AppNavItem, pathname: string): boolean {
  const here = pageKeyOf(pathname);
  const target = pageKeyOf(item.to);
  if (target === "") return here === "";
  return here === target || here.startsWith(`${target}/`);
}
