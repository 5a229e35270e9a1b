import { accountMessages, totpCodeSchema } from "@heirloom/contract";
import { z } from "zod";

/**
 * What ReauthFields (reauth-fields.tsx) holds, checked before anything is derived, with the rules and words of
 * reauthenticate() in reauth.ts: a password, and a six-digit code when two-factor is on (spaces allowed, as apps show
 * "123 456"). The values stay as typed; reauthenticate() normalises the code.
 */
export function reauthFieldsSchema(twoFactorEnabled: boolean) {
  return z.object({
    password: z.string().min(1, "Enter your current password."),
    totpCode: twoFactorEnabled
      ? z
          .string()
          .refine(
            (code) => totpCodeSchema.safeParse(code.replace(/\s+/g, "")).success,
            accountMessages.totpRequired,
          )
      : z.string(),
  });
}
