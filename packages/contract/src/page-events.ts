/**
 * Fired on `document` by the web app's root layout once the page it was sent as has hydrated: from then on every
 * button on it has its handler. A marketing page's boot script (apps/server/src/web/paint-first.ts, ADR 053) holds
 * clicks on buttons until it hears this, then gives them back.
 */
export const pageHydratedEvent = "heirloom:hydrated";
