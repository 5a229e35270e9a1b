import { z } from "zod";

export const contactLimits = { name: 100, email: 254, messageMin: 10, messageMax: 5000 } as const;

export const contactRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Please enter your name.")
    .max(contactLimits.name, `Please keep your name under ${contactLimits.name} characters.`),
  email: z
    .string()
    .trim()
    .max(contactLimits.email, "That email address is too long.")
    .pipe(z.email("Please enter a valid email address, like name@example.com.")),
  message: z
    .string()
    .trim()
    .min(contactLimits.messageMin, `Please write at least ${contactLimits.messageMin} characters.`)
    .max(contactLimits.messageMax, `Please keep your message under ${contactLimits.messageMax} characters.`),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ id: z.string(), receivedAt: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
