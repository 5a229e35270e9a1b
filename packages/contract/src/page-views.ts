import { z } from "zod";

// First-party page-view counting (ARCHITECTURE.md departure 6, ADR 041): no cookies, no user id, no IP address;
// only a path and a day, counted after the cookie banner's OK.

/** A page's path as the browser sends it: no query or fragment, at most 200 characters. */
export const pageViewRequestSchema = z
  .object({
    path: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(/^\/[^?#\s]*$/, "A path starts with / and has no query."),
  })
  .strict();
export type PageViewRequest = z.infer<typeof pageViewRequestSchema>;

export const pageViewsQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });

export const pageViewsSchema = z.object({
  /** Views per day, oldest first, every day of the range (0 on a day without any). */
  days: z.array(z.object({ day: z.string(), views: z.int() })),
  /** The most viewed paths of the range, most first. */
  paths: z.array(z.object({ path: z.string(), views: z.int() })),
});
export type PageViews = z.infer<typeof pageViewsSchema>;
