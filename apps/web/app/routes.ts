import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

// Paths are written as SPEC.md section 2 spells them; React Router matches them case-insensitively, so the
// footer's /howitworks and /about reach /HowItWorks and /About. Aliases (ARCHITECTURE.md departure 4) are
// answered by the server with a redirect before rendering.
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("About", "routes/public/about.tsx"),
    route("articles", "routes/public/articles.tsx"),
    route("articles/:slug", "routes/public/article.tsx"),
    route("guides", "routes/public/guides.tsx"),
    route("guides/:id", "routes/public/guide.tsx"),
    route("CheckOut", "routes/public/checkout.tsx"),
    route("Contact", "routes/public/contact.tsx"),
    route("cookies", "routes/public/cookies.tsx"),
    route("Faq", "routes/public/faq.tsx"),
    route("getStarted", "routes/public/get-started.tsx"),
    route("Help", "routes/public/help.tsx"),
    route("HowItWorks", "routes/public/how-it-works.tsx"),
    route("Legacy", "routes/public/legacy.tsx"),
    route("LegalNotice", "routes/public/legal-notice.tsx"),
    route("Login", "routes/public/login.tsx"),
    route("mfa/setup", "routes/public/mfa-setup.tsx"),
    route("Privacy", "routes/public/privacy.tsx"),
    route("Security", "routes/public/security.tsx"),
    route("SignUp", "routes/public/sign-up.tsx"),
    route("Terms", "routes/public/terms.tsx"),
    route("tester", "routes/tester.tsx"),
    route("what-happens", "routes/public/what-happens.tsx"),
    route("ConfirmEmail", "routes/public/confirm-email.tsx"),
    route("Payment", "routes/public/payment.tsx"),
    route("AddInfo", "routes/public/add-info.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  // The signed-in area is rendered in the browser only (it needs keys that never reach the server).
  ...prefix("app", [
    layout("routes/app/layout.tsx", { id: "app-shell" }, [
      index("routes/app/home.tsx", { id: "app-home" }),
      route("*", "routes/app/not-found.tsx", { id: "app-not-found" }),
    ]),
  ]),
  ...prefix("account", [
    layout("routes/app/layout.tsx", { id: "account-shell" }, [
      index("routes/app/home.tsx", { id: "account-home" }),
      route("*", "routes/app/not-found.tsx", { id: "account-not-found" }),
    ]),
  ]),
] satisfies RouteConfig;
