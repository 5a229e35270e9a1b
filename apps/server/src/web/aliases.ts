/**
 * Paths SPEC.md declares without a page of their own, and where ARCHITECTURE.md (departure 4) sends them.
 * Matched case-insensitively, like every route.
 */
export const aliasTargets: Readonly<Record<string, string>> = {
  "/account/myinfo": "/account/MyInfo",
  "/account/legacysettings": "/account/LegacySettings",
  "/account/mydata": "/account/MyData",
  "/account/accountholder": "/account/AccountHolder",
  "/admin": "/app/addarticle",
  "/account/dashboard": "/app",
  "/pricing": "/#get-started",
  "/help-center": "/Help",
  "/signin": "/Login",
};

/** The redirect target for a request path, or undefined when the path is not an alias (or already the target). */
export function aliasRedirect(pathname: string, search: string): string | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const target = aliasTargets[trimmed.toLowerCase()];
  if (!target || target === pathname) return undefined;
  if (!search) return target;
  const [base = target, hash] = target.split("#");
  return `${base}${search}${hash === undefined ? "" : `#${hash}`}`;
}
