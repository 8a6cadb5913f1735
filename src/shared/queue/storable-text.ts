// Text that can be stored: PostgreSQL text and jsonb cannot hold U+0000, so a string carrying it
// is refused as an invalid value up front instead of failing in the database.
import { z } from "zod";
import { QUEUE_MESSAGES } from "./queue-messages.ts";

export function isStorableText(value: string): boolean {
  return !value.includes("\u0000");
}

/** A string of at most `max` characters without U+0000. */
export const storableText = (max: number) =>
  z
    .string()
    .max(max, QUEUE_MESSAGES.invalidValue)
    .refine(isStorableText, QUEUE_MESSAGES.invalidValue);
