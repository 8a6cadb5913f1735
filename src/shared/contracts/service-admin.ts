// The back office's services and their categories (docs/admin-services.md):
// GET|POST /api/internal/v1/services, GET|PATCH /api/internal/v1/services/{id},
// PUT /api/internal/v1/services/order, GET|POST /api/internal/v1/service-categories,
// PATCH /api/internal/v1/service-categories/{id}. Translations are spec §3's (locale, field, content).
import { z } from "zod";
import { LOCALES } from "../domain.ts";
import { storableText } from "../queue/storable-text.ts";
import { resourceIdValue } from "./resource-id.ts";

export const NAME_MAX = 200;
export const INSTRUCTIONS_MAX = 2_000;
export const DURATION_MAX_MINUTES = 24 * 60;
/** the most time kept free before or after an appointment of a service */
export const BUFFER_MAX_MINUTES = 240;
/** a short ticket's letters: 1–3 of A–Z, so a ticket reads aloud the same in every language */
export const TICKET_PREFIX = /^[A-Z]{1,3}$/;
export const DEFAULT_TICKET_PREFIX = "A";
const SORT_ORDER_MAX = 1_000_000;

/** One translated field of an object: which field, in which of the eight languages. */
export const translationInputSchema = <const F extends readonly [string, ...string[]]>(
  fields: F,
  max: number,
) =>
  z
    .object({
      locale: z.enum(LOCALES, "Errors.language_unsupported"),
      field: z.enum(fields, "Errors.invalid_value"),
      content: storableText(max),
    })
    .strict();

export const translationSchema = z.object({
  locale: z.string(),
  field: z.string(),
  content: z.string(),
});
export type TranslationValue = z.output<typeof translationSchema>;

const name = storableText(NAME_MAX).refine((v) => v.trim() !== "", "Errors.required");
const sortOrder = z
  .number("Errors.invalid_value")
  .int("Errors.invalid_value")
  .min(0, "Errors.invalid_value")
  .max(SORT_ORDER_MAX, "Errors.invalid_value");

const bufferMinutes = z
  .number("Errors.invalid_value")
  .int("Errors.invalid_value")
  .min(0, "Errors.invalid_value")
  .max(BUFFER_MAX_MINUTES, "Errors.invalid_value");

export const SERVICE_TRANSLATED_FIELDS = ["name", "instructions"] as const;
export const CATEGORY_TRANSLATED_FIELDS = ["name"] as const;

const serviceAttributes = z
  .object({
    name,
    translations: z
      .array(translationInputSchema(SERVICE_TRANSLATED_FIELDS, INSTRUCTIONS_MAX))
      .max(LOCALES.length * SERVICE_TRANSLATED_FIELDS.length, "Errors.invalid_value"),
    category_id: resourceIdValue.nullable(),
    duration_minutes: z
      .number("Errors.invalid_value")
      .int("Errors.invalid_value")
      .min(1, "Errors.invalid_value")
      .max(DURATION_MAX_MINUTES, "Errors.invalid_value"),
    buffer_before_minutes: bufferMinutes,
    buffer_after_minutes: bufferMinutes,
    ticket_prefix: z
      .string("Office.services.ticket_prefix_invalid")
      .regex(TICKET_PREFIX, "Office.services.ticket_prefix_invalid"),
    supports_in_person: z.boolean("Errors.invalid_value"),
    supports_phone: z.boolean("Errors.invalid_value"),
    supports_video: z.boolean("Errors.invalid_value"),
    supports_walkin: z.boolean("Errors.invalid_value"),
    supports_curbside_pickup: z.boolean("Errors.invalid_value"),
    display_in_lobby: z.boolean("Errors.invalid_value"),
    instructions: storableText(INSTRUCTIONS_MAX).nullable(),
    sort_order: sortOrder,
    location_ids: z.array(resourceIdValue).max(5_000, "Errors.invalid_value"),
    archived: z.boolean("Errors.invalid_value"),
  })
  .strict();

/** POST: a new service; only the name is needed, the rest take the defaults shown in the docs. */
export const serviceCreateSchema = z
  .object({
    data: z
      .object({
        type: z.literal("services", "Errors.invalid_value"),
        attributes: serviceAttributes.partial().required({ name: true }).strict(),
      })
      .strict(),
  })
  .strict();
export type ServiceCreateInput = z.input<typeof serviceCreateSchema>;

/** PATCH: the fields to change. */
export const servicePatchSchema = z
  .object({
    data: z
      .object({
        type: z.literal("services", "Errors.invalid_value"),
        id: z.string().max(32).optional(),
        attributes: serviceAttributes.partial().strict(),
      })
      .strict(),
  })
  .strict();
export type ServicePatchInput = z.input<typeof servicePatchSchema>;
export type ServiceChanges = z.output<typeof servicePatchSchema>["data"]["attributes"];

export const serviceAdminResourceSchema = z.object({
  type: z.literal("services"),
  id: z.string(),
  attributes: z.object({
    name: z.string(),
    translations: z.array(translationSchema),
    category_id: z.string().nullable(),
    duration_minutes: z.number(),
    buffer_before_minutes: z
      .number()
      .describe("minutes kept free of other appointments before each appointment of it"),
    buffer_after_minutes: z
      .number()
      .describe("minutes kept free of other appointments after each appointment of it"),
    ticket_prefix: z
      .string()
      .describe('the letters of its visitors\' short tickets ("A" in A-042)'),
    supports_in_person: z.boolean(),
    supports_phone: z.boolean(),
    supports_video: z.boolean(),
    supports_walkin: z.boolean(),
    supports_curbside_pickup: z.boolean(),
    display_in_lobby: z.boolean(),
    instructions: z.string().nullable(),
    sort_order: z.number(),
    location_ids: z.array(z.string()).describe("the vendor's locations that offer the service"),
    question_ids: z
      .array(z.string())
      .describe("questions linked to this service (edited on the question); unlinked ones ask all"),
    archived: z.boolean(),
    version: z.number(),
    created_at: z.string(),
  }),
});
export type ServiceAdminResource = z.output<typeof serviceAdminResourceSchema>;
export type ServiceAdminAttributes = ServiceAdminResource["attributes"];

export const serviceAdminDocumentSchema = z.object({ data: serviceAdminResourceSchema });
export const serviceAdminListSchema = z.object({ data: z.array(serviceAdminResourceSchema) });

export const serviceListQuerySchema = z
  .object({
    archived: z
      .enum(["true", "false", "all"], "Errors.invalid_value")
      .default("false")
      .describe("false (default): current services; true: archived ones; all: both"),
  })
  .strict();

/** PUT /services/order: the vendor's services in the order the visitor's list shows them. */
export const serviceOrderSchema = z
  .object({
    data: z
      .array(
        z
          .object({ type: z.literal("services", "Errors.invalid_value"), id: resourceIdValue })
          .strict(),
      )
      .min(1, "Errors.required")
      .max(5_000, "Errors.invalid_value"),
  })
  .strict();
export type ServiceOrderInput = z.input<typeof serviceOrderSchema>;

const categoryAttributes = z
  .object({
    name,
    translations: z
      .array(translationInputSchema(CATEGORY_TRANSLATED_FIELDS, NAME_MAX))
      .max(LOCALES.length, "Errors.invalid_value"),
    sort_order: sortOrder,
    archived: z.boolean("Errors.invalid_value"),
  })
  .strict();

export const serviceCategoryCreateSchema = z
  .object({
    data: z
      .object({
        type: z.literal("service-categories", "Errors.invalid_value"),
        attributes: categoryAttributes.partial().required({ name: true }).strict(),
      })
      .strict(),
  })
  .strict();
export type ServiceCategoryCreateInput = z.input<typeof serviceCategoryCreateSchema>;

export const serviceCategoryPatchSchema = z
  .object({
    data: z
      .object({
        type: z.literal("service-categories", "Errors.invalid_value"),
        id: z.string().max(32).optional(),
        attributes: categoryAttributes.partial().strict(),
      })
      .strict(),
  })
  .strict();
export type ServiceCategoryPatchInput = z.input<typeof serviceCategoryPatchSchema>;

export const serviceCategoryResourceSchema = z.object({
  type: z.literal("service-categories"),
  id: z.string(),
  attributes: z.object({
    name: z.string(),
    translations: z.array(translationSchema),
    sort_order: z.number(),
    archived: z.boolean(),
    version: z.number(),
  }),
});
export type ServiceCategoryResource = z.output<typeof serviceCategoryResourceSchema>;
export const serviceCategoryDocumentSchema = z.object({ data: serviceCategoryResourceSchema });
export const serviceCategoryListSchema = z.object({
  data: z.array(serviceCategoryResourceSchema),
});
