import { z } from "zod";

/** GET /api/dev/mailbox: the local outbox, newest first (only without SMTP_URL; DEV_MAILBOX decides who may read it). */
export const devMailboxResponseSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
    }),
  ),
});
export type DevMailboxResponse = z.infer<typeof devMailboxResponseSchema>;
