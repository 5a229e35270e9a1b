/**
 * Fired on `document` by the web app's root layout once the page it was sent as has hydrated: from then on every
 * button on it has its handler. A marketing page's boot script (apps/server/src/web/paint-first.ts, ADR 053) holds
 * clicks on buttons until it hears this, then gives them back. It is imported by its own path
 * (`@heirloom/contract/page-events`), not from the package's index: the root layout runs on every public page, which must not load and evaluate
 * the whole contract (its schemas cost a mobile phone about 0.2 s of blocked main thread before the page responds).
 */
export const pageHydratedEvent = "heirloom:hydrated";
