// POST /api/internal/v1/session (staff sign-in): the body; the answer is GET /me's (me.ts).
import { z } from "zod";
import { isStorableText } from "../queue/storable-text.ts";

export const signInBodySchema = z.strictObject({
  // U+0000 and lone surrogates cannot reach the database (a 500 otherwise).
  email: z
    .string("Errors.required")
    .trim()
    .min(1, "Errors.required")
    .max(320)
    .refine(isStorableText, "Errors.invalid_value"),
  password: z.string("Errors.required").min(1, "Errors.required").max(1024),
});
