// The body of POST /api/internal/v1/password-resets/{token}: what a new staff password must be (the
// rule that it differs from the email needs the account, so completePasswordReset checks that one).
// Messages are catalog ids.
import { z } from "zod";
import { isStorableText } from "../queue/storable-text.ts";

export const MIN_PASSWORD_LENGTH = 10;
/** argon2 would take any length; a ceiling keeps one request from costing seconds of hashing */
export const MAX_PASSWORD_LENGTH = 256;

export const newPasswordSchema = z
  .string("Errors.required")
  .min(MIN_PASSWORD_LENGTH, "Auth.password_too_short")
  .max(MAX_PASSWORD_LENGTH, "Auth.password_too_long");

export const passwordResetBodySchema = z.strictObject({ password: newPasswordSchema });
export const passwordResetRequestBodySchema = z.strictObject({
  email: z
    .string("Errors.required")
    .trim()
    .min(1)
    .max(320)
    .refine(isStorableText, "Errors.invalid_value"),
});
