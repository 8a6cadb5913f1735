// GET /api/internal/v1/me and the sign-in answer: who is signed in, as what, where, what they may
// open, and the bearer token for the private realtime channels. The web builds its shell from this.
import { z } from "zod";
import { PERMISSIONS } from "../permissions.ts";

export const meSchema = z.object({
  user: z.object({
    id: z.number(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
    lang: z.string(),
  }),
  role: z.object({ level: z.number(), name: z.string() }),
  vendor: z.object({ id: z.number(), slug: z.string(), name: z.string() }),
  /** the locations the caller may act on: every one from Manager up */
  locations: z.array(z.object({ id: z.number(), name: z.string(), timezone: z.string() })),
  all_locations: z.boolean(),
  permissions: z.array(z.enum(PERMISSIONS)),
  back_office_routes: z.array(z.object({ path: z.string(), vendor_flag: z.string().nullable() })),
  realtime: z.object({ token: z.string(), expires_at: z.string() }),
});
export type Me = z.output<typeof meSchema>;

/** The answer of GET /me and POST /session: the CSRF token rides along (see ADR 0006). */
export const meAnswerSchema = z.object({ data: meSchema, csrf_token: z.string() });
export type MeAnswer = z.output<typeof meAnswerSchema>;
