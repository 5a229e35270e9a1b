import {
  darkModeSchema,
  landingPageSchema,
  type PreferencesUpdate,
  timeZoneSchema,
} from "@heirloom/contract";
import { z } from "zod";

/** The display settings form, checked with the contract's schemas; an empty time zone means the device's (null). */
export const displaySettingsSchema = z.object({
  DarkMode: darkModeSchema,
  timeZone: z.union([z.literal(""), timeZoneSchema]).transform((zone) => (zone === "" ? null : zone)),
  landingPage: landingPageSchema,
}) satisfies z.ZodType<PreferencesUpdate, unknown>;

export type DisplaySettingsValues = z.input<typeof displaySettingsSchema>;
