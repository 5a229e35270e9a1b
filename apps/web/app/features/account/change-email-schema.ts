import { emailSchema } from "@heirloom/contract";
import type { z } from "zod";
import { reauthFieldsSchema } from "#app/features/auth/reauth-schema.ts";

/**
 * The change-email form: a new address (trimmed and lower-cased, as the server stores it) that is not the current
 * one, and the re-authentication fields.
 */
export function changeEmailSchema(currentEmail: string, twoFactorEnabled: boolean) {
  return reauthFieldsSchema(twoFactorEnabled).extend({
    newEmail: emailSchema.refine(
      (address) => address !== currentEmail.toLowerCase(),
      "That is already your email address.",
    ),
  });
}

export type ChangeEmailSchema = ReturnType<typeof changeEmailSchema>;
export type ChangeEmailInput = z.input<ChangeEmailSchema>;
export type ChangeEmailValues = z.output<ChangeEmailSchema>;
