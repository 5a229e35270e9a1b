import {
  dateOfBirthSchema,
  nameSchema,
  type Profile,
  type ProfileUpdate,
  profileMessages,
  zipCodeSchema,
} from "@heirloom/contract";
import { z } from "zod";

/** /account/MyInfo's fields as typed. */
export interface MyInfoValues {
  name: string;
  dobDay: string;
  dobMonth: string;
  dobYear: string;
  zipCode: string;
}

export function myInfoDefaults(
  profile: Pick<Profile, "name" | "dobDay" | "dobMonth" | "dobYear" | "zipCode">,
): MyInfoValues {
  return {
    name: profile.name,
    dobDay: profile.dobDay ? String(Number(profile.dobDay)) : "",
    dobMonth: profile.dobMonth ? String(Number(profile.dobMonth)) : "",
    dobYear: profile.dobYear ?? "",
    zipCode: profile.zipCode ?? "",
  };
}

/**
 * The form's values to the PATCH body, checked with the server's own schemas (the same as /AddInfo). Unlike
 * /AddInfo, emptying the date of birth or the postcode here clears it (null), since this is where they are edited.
 */
export const myInfoSchema = z
  .object({
    name: z.string(),
    dobDay: z.string(),
    dobMonth: z.string(),
    dobYear: z.string(),
    zipCode: z.string(),
  })
  .transform((values, ctx): ProfileUpdate => {
    const update: Record<string, unknown> = {};
    const name = nameSchema.safeParse(values.name);
    if (name.success) update.name = name.data;
    else ctx.addIssue({ code: "custom", path: ["name"], message: name.error.issues[0]?.message ?? "" });

    const dob = [values.dobDay, values.dobMonth, values.dobYear].map((v) => v.trim());
    if (dob.some(Boolean)) {
      const parsed = dateOfBirthSchema.safeParse({ dobDay: dob[0], dobMonth: dob[1], dobYear: dob[2] });
      if (parsed.success) update.dateOfBirth = parsed.data;
      else {
        const message = parsed.error.issues[0]?.message ?? profileMessages.dobInvalid;
        ctx.addIssue({ code: "custom", path: ["dobYear"], message });
      }
    } else update.dateOfBirth = null;

    if (values.zipCode.trim()) {
      const parsed = zipCodeSchema.safeParse(values.zipCode);
      if (parsed.success) update.zipCode = parsed.data;
      else ctx.addIssue({ code: "custom", path: ["zipCode"], message: profileMessages.zipInvalid });
    } else update.zipCode = null;
    return update as ProfileUpdate;
  });
