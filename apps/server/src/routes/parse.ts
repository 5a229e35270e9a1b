import { fieldMessages } from "@heirloom/contract";
import type { z } from "zod";
import { AppError } from "../errors.ts";

/** Parses a request's body or query with its contract schema; a bad one is a 400 with a message per field. */
export function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new AppError(
      "validation_failed",
      "Please correct the highlighted fields.",
      fieldMessages(parsed.error),
    );
  }
  return parsed.data;
}
