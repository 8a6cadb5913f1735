// A vendor as the platform sets it up: its name, slug and host names, shared by the first-start setup
// (POST /api/internal/v1/setup, setup.ts) and the platform admins' vendors list
// (GET|POST /api/internal/v1/vendors, GET|PATCH /api/internal/v1/vendors/{id}). Messages are catalog ids.
import { z } from "zod";
import { isStorableText } from "../queue/storable-text.ts";

/** Lower-case letters, digits and single dashes inside, as DEFAULT_VENDOR takes them. */
export const VENDOR_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,62}$/;

/**
 * A host name as a browser sends it, lower case and without a port: dot-separated labels of letters,
 * digits and inner dashes ("bank.example.com", "localhost", "127.0.0.1").
 */
export const HOST_NAME_PATTERN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** At most this many host names per vendor on these forms. */
export const MAX_VENDOR_HOSTS = 20;

const requiredText = (max: number) =>
  z
    .string("Errors.required")
    .trim()
    .min(1, "Errors.required")
    .max(max, "Office.setup_text_too_long")
    .refine(isStorableText, "Errors.invalid_value");

export const vendorNameSchema = requiredText(120);

export const vendorSlugSchema = z
  .string("Errors.required")
  .trim()
  .min(1, "Errors.required")
  .max(63, "Office.setup_slug_invalid")
  .regex(VENDOR_SLUG_PATTERN, "Office.setup_slug_invalid");

export const vendorHostSchema = z
  .string("Errors.required")
  .trim()
  .toLowerCase()
  .max(253, "Office.setup_host_invalid")
  .regex(HOST_NAME_PATTERN, "Office.setup_host_invalid");

export const vendorHostsSchema = z
  .array(vendorHostSchema, "Errors.required")
  .min(1, "Office.setup_hosts_required")
  .max(MAX_VENDOR_HOSTS, "Office.setup_hosts_too_many");

export const personNameSchema = requiredText(100);

export const staffEmailSchema = z
  .string("Errors.required")
  .trim()
  .min(1, "Errors.required")
  .max(320, "Office.setup_email_invalid")
  .refine(isStorableText, "Errors.invalid_value")
  .pipe(z.email("Office.setup_email_invalid"));

/** POST /vendors: a new vendor and the email of its first admin, who is sent an invitation. */
export const createVendorBodySchema = z.strictObject({
  data: z.strictObject({
    type: z.literal("vendors", "Errors.invalid_value"),
    attributes: z.strictObject({
      name: vendorNameSchema,
      slug: vendorSlugSchema,
      hosts: vendorHostsSchema,
      admin: z.strictObject(
        {
          first_name: personNameSchema,
          last_name: personNameSchema,
          email: staffEmailSchema,
        },
        "Errors.required",
      ),
    }),
  }),
});
export type CreateVendorBody = z.input<typeof createVendorBodySchema>;

/** PATCH /vendors/{id}: the fields to change; `hosts` replaces the vendor's host names. */
export const vendorPatchBodySchema = z.strictObject({
  data: z.strictObject({
    type: z.literal("vendors", "Errors.invalid_value"),
    id: z.string().max(32).optional(),
    attributes: z.strictObject({
      name: vendorNameSchema.optional(),
      slug: vendorSlugSchema.optional(),
      hosts: vendorHostsSchema.optional(),
    }),
  }),
});
export type VendorPatchBody = z.input<typeof vendorPatchBodySchema>;
export type VendorChanges = z.output<typeof vendorPatchBodySchema>["data"]["attributes"];

export const vendorResourceSchema = z.object({
  type: z.literal("vendors"),
  id: z.string(),
  attributes: z.object({
    name: z.string(),
    slug: z.string(),
    hosts: z.array(z.string()).describe("the host names that resolve to the vendor"),
    admins: z.number().int().describe("how many active admins (role 30) it has"),
    version: z.number().int().describe("sent back as If-Match by a save"),
    created_at: z.string(),
  }),
});
export type VendorResource = z.output<typeof vendorResourceSchema>;

export const vendorDocumentSchema = z.object({
  data: vendorResourceSchema,
  meta: z
    .object({
      invited_admin: z.object({ id: z.string(), email: z.string() }),
    })
    .optional(),
});
export type VendorDocument = z.output<typeof vendorDocumentSchema>;

export const vendorListSchema = z.object({ data: z.array(vendorResourceSchema) });
export type VendorList = z.output<typeof vendorListSchema>;
