import { z } from "zod";

export const healthResponseSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  checks: z.object({ database: z.enum(["ok", "failing"]), blobStore: z.enum(["ok", "failing"]) }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
