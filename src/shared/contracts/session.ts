// POST /api/internal/v1/session (staff sign-in): the body; the answer is GET /me's (me.ts).
import { z } from "zod";

export const signInBodySchema = z.strictObject({
  email: z.string("Errors.required").trim().min(1, "Errors.required").max(320),
  password: z.string("Errors.required").min(1, "Errors.required").max(1024),
});
