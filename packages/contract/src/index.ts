export * from "./account.ts";
export * from "./articles.ts";
export * from "./contact.ts";
export * from "./errors.ts";
export * from "./health.ts";
export * from "./profile.ts";
export * from "./routes.ts";
export * from "./storage.ts";
