// The first start of an empty database: GET /api/internal/v1/setup?token= says whether the setup
// link still works, POST /api/internal/v1/setup spends it on the first vendor and its first admin,
// who is then signed in. Messages are catalog ids.
import { z } from "zod";
import { newPasswordSchema } from "./password-reset.ts";
import {
  personNameSchema,
  staffEmailSchema,
  vendorHostsSchema,
  vendorNameSchema,
  vendorSlugSchema,
} from "./vendor-admin.ts";

/** The link's token as the query or body gives it (43 URL-safe characters when real). */
export const setupTokenSchema = z
  .string("Errors.required")
  .min(1, "Errors.required")
  .max(200, "Errors.invalid_value")
  .regex(/^[A-Za-z0-9_-]+$/, "Errors.invalid_value");

export const setupQuerySchema = z.strictObject({ token: setupTokenSchema });

export const SETUP_STATES = ["ready", "invalid", "done"] as const;
export type SetupState = (typeof SETUP_STATES)[number];

export const setupStateDocumentSchema = z.object({
  data: z.object({
    type: z.literal("setup"),
    id: z.literal("setup"),
    attributes: z.object({
      state: z
        .enum(SETUP_STATES)
        .describe(
          "ready: the link works; invalid: unknown, expired or replaced; done: a vendor exists",
        ),
    }),
  }),
});
export type SetupStateDocument = z.output<typeof setupStateDocumentSchema>;

export const setupBodySchema = z.strictObject({
  data: z.strictObject({
    type: z.literal("setup", "Errors.invalid_value"),
    attributes: z.strictObject({
      token: setupTokenSchema,
      vendor: z.strictObject(
        { name: vendorNameSchema, slug: vendorSlugSchema, hosts: vendorHostsSchema },
        "Errors.required",
      ),
      admin: z.strictObject(
        {
          first_name: personNameSchema,
          last_name: personNameSchema,
          email: staffEmailSchema,
          password: newPasswordSchema,
        },
        "Errors.required",
      ),
    }),
  }),
});
export type SetupBody = z.input<typeof setupBodySchema>;
