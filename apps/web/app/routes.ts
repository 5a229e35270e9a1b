import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/** The pages found under both /app and /account (SPEC.md section 2), as [path, file]. */
const sharedSignedInPages = [
  ["AccountHolder", "routes/app/account-holder.tsx"],
  ["contactpreferencess", "routes/app/contact-preferences.tsx"],
  ["contactpreferences", "routes/app/contact-preferences.tsx"],
  ["legacyinvitations", "routes/app/legacy-invitations.tsx"],
  ["LegacySettings", "routes/app/legacy-settings.tsx"],
  ["MyData", "routes/app/documents.tsx"],
  ["MyInfo", "routes/app/my-info.tsx"],
  ["notifications", "routes/app/notifications.tsx"],
  ["primarysettings", "routes/app/primary-settings.tsx"],
  ["securitysettings", "routes/app/security-settings.tsx"],
  ["serviceaccounts", "routes/app/service-accounts.tsx"],
  ["ServiceAccounts/:id", "routes/app/service-account.tsx"],
  ["settings", "routes/app/settings.tsx"],
] as const;

/** The signed-in pages of one area, each with an id unique to that area (one file may serve both). */
function signedInPages(area: "app" | "account", only: readonly (readonly [string, string])[]) {
  return [
    index("routes/app/home.tsx", { id: `${area}-home` }),
    ...[...sharedSignedInPages, ...only].map(([path, file]) =>
      route(path, file, { id: `${area}-${path.replace(/[^A-Za-z]+/g, "-")}` }),
    ),
  ];
}

// Paths are written as SPEC.md section 2 spells them; React Router matches them case-insensitively, so the
// footer's /howitworks and /about reach /HowItWorks and /About. Aliases (ARCHITECTURE.md departure 4) are
// answered by the server with a redirect before rendering.
// routes/public/* are the marketing pages and may not import crypto or session code (biome.json); routes/auth/* are
// the public doors into the vault (sign-up, login, verification, MFA, recovery) and may, loading it on first use.
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("About", "routes/public/about.tsx"),
    route("articles", "routes/public/articles.tsx"),
    route("articles/:slug", "routes/public/article.tsx"),
    route("guides", "routes/public/guides.tsx"),
    route("guides/:id", "routes/public/guide.tsx"),
    route("check-in", "routes/auth/check-in.tsx"),
    route("CheckOut", "routes/public/checkout.tsx"),
    route("Contact", "routes/public/contact.tsx"),
    route("cookies", "routes/public/cookies.tsx"),
    route("Faq", "routes/public/faq.tsx"),
    route("getStarted", "routes/public/get-started.tsx"),
    route("Help", "routes/public/help.tsx"),
    route("HowItWorks", "routes/public/how-it-works.tsx"),
    route("invitation", "routes/auth/invitation.tsx"),
    route("Legacy", "routes/public/legacy.tsx"),
    route("LegalNotice", "routes/public/legal-notice.tsx"),
    route("Login", "routes/auth/login.tsx"),
    route("mfa/setup", "routes/auth/mfa-setup.tsx"),
    route("recover", "routes/auth/recover.tsx"),
    route("Privacy", "routes/public/privacy.tsx"),
    route("Security", "routes/public/security.tsx"),
    route("SignUp", "routes/auth/sign-up.tsx"),
    route("Terms", "routes/public/terms.tsx"),
    route("tester", "routes/tester.tsx"),
    route("what-happens", "routes/public/what-happens.tsx"),
    route("ConfirmEmail", "routes/auth/confirm-email.tsx"),
    route("dev/mailbox", "routes/auth/dev-mailbox.tsx"),
    route("Payment", "routes/auth/payment.tsx"),
    route("AddInfo", "routes/auth/add-info.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  // SPEC.md section 6: these pages of the signed-in area are public. They render on the server in the public
  // site's chrome and ask visitors to sign in.
  layout("routes/public/layout.tsx", { id: "open-pages" }, [
    route("account/Activity", "routes/app/open-activity.tsx", { id: "account-open-activity" }),
    route("account/help", "routes/app/open-help.tsx", { id: "account-open-help" }),
    route("account/Upgrade", "routes/app/upgrade.tsx", { id: "account-open-upgrade" }),
    route("app/Upgrade", "routes/app/upgrade.tsx", { id: "app-open-upgrade" }),
  ]),
  // The signed-in area is rendered in the browser only (it needs keys that never reach the server). The same pages
  // answer under /app and /account (SPEC.md "Parallel set"); unknown names under either give the 404 page.
  ...prefix("app", [
    layout("routes/app/layout.tsx", { id: "app-shell" }, [
      ...signedInPages("app", [
        ["Activity", "routes/app/activity.tsx"],
        ["help", "routes/app/help.tsx"],
        ["addarticle", "routes/app/add-article.tsx"],
        ["PageViews", "routes/app/page-views.tsx"],
        ["More", "routes/app/more.tsx"],
        ["Passwords", "routes/app/passwords.tsx"],
        ["shared/:id", "routes/app/shared.tsx"],
      ]),
      route("*", "routes/app/not-found.tsx", { id: "app-not-found" }),
    ]),
  ]),
  ...prefix("account", [
    layout("routes/app/layout.tsx", { id: "account-shell" }, [
      ...signedInPages("account", []),
      route("*", "routes/app/not-found.tsx", { id: "account-not-found" }),
    ]),
  ]),
] satisfies RouteConfig;
