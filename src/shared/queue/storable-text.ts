// Text that can be stored: PostgreSQL text and jsonb cannot hold U+0000, jsonb refuses a lone
// UTF-16 surrogate ("\ud800" is not a character), and the embedded database fails on text with
// several of them, so such a string is refused as an invalid value up front instead of failing
// in the database.
import { z } from "zod";
import { QUEUE_MESSAGES } from "./queue-messages.ts";

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

/** A string of at most `max` characters without U+0000 or lone surrogates. */
export const storableText = (max: number) =>
  z
    .string()
    .max(max, QUEUE_MESSAGES.invalidValue)
    .refine(isStorableText, QUEUE_MESSAGES.invalidValue);
