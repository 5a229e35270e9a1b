import { dateOfBirthSchema, type ProfileUpdate, profileMessages, zipCodeSchema } from "@heirloom/contract";
import { z } from "zod";

/**
 * /AddInfo's fields as typed. Both are optional (the page can be skipped), but a date of birth is all three parts or
 * none, and each is checked with the server's own schema (18 or older, a real date; a plausible postcode).
 */
export const addInfoSchema = z
  .object({ dobDay: z.string(), dobMonth: z.string(), dobYear: z.string(), zipCode: z.string() })
  .transform((values, ctx): ProfileUpdate | null => {
    const update: Record<string, unknown> = {};
    const dob = [values.dobDay, values.dobMonth, values.dobYear].map((v) => v.trim());
    if (dob.some(Boolean)) {
      const parsed = dateOfBirthSchema.safeParse({ dobDay: dob[0], dobMonth: dob[1], dobYear: dob[2] });
      if (parsed.success) update.dateOfBirth = parsed.data;
      else {
        // The date's own message: not a real date, in the future, under 18.
        const message = parsed.error.issues[0]?.message ?? profileMessages.dobInvalid;
        ctx.addIssue({ code: "custom", path: ["dobYear"], message });
      }
    }
    if (values.zipCode.trim()) {
      const parsed = zipCodeSchema.safeParse(values.zipCode);
      if (parsed.success) update.zipCode = parsed.data;
      else ctx.addIssue({ code: "custom", path: ["zipCode"], message: profileMessages.zipInvalid });
    }
    return Object.keys(update).length ? (update as ProfileUpdate) : null;
  });
