// The back office's location (spec §3 Location) as GET|POST /api/internal/v1/locations and
// GET|PATCH /api/internal/v1/locations/{id} read and write it (locations.manage). Every field the
// schema stores except the hours (PUT /locations/{id}/hours) and the board token. The rules of each
// field live here, so the edit page and the server refuse the same values with the same message.
import { isSupportedCountry } from "libphonenumber-js";
import { z } from "zod";
import { LOCALES } from "../domain.ts";
import { phoneNumberSchema } from "../queue/phone-number.ts";
import { isStorableText, storableText } from "../queue/storable-text.ts";

/** The fields a location translates per language (name, address, city, instructions). */
export const LOCATION_TRANSLATABLE_FIELDS = ["name", "address", "city", "instructions"] as const;
export type LocationTranslatableField = (typeof LOCATION_TRANSLATABLE_FIELDS)[number];

export const LOCATION_MESSAGES = {
  country: "Office.locations.error.country",
  latitude: "Office.locations.error.latitude",
  longitude: "Office.locations.error.longitude",
  timezone: "Office.locations.error.timezone",
  httpsUrl: "Office.locations.error.https_url",
  externalIdTaken: "Office.locations.error.external_id_taken",
  duplicateTranslation: "Office.locations.error.duplicate_translation",
  visitorsInLine: "Office.locations.error.visitors_in_line",
} as const;

/** Whether `zone` is an IANA time zone this runtime knows ("Europe/Lisbon", "Etc/GMT+5"). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Whether `code` is an ISO 3166-1 alpha-2 country of the phone plan ("US", "PT"). */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && isSupportedCountry(code);
}

/** An https address, or false. */
export function isHttpsUrl(value: string): boolean {
  if (!isStorableText(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const requiredText = (max: number) =>
  storableText(max).refine((value) => value.trim() !== "", "Errors.required");
/** Optional text: "" and null both store as null. */
const optionalText = (max: number) =>
  storableText(max)
    .nullable()
    .transform((value) => (value === null || value.trim() === "" ? null : value.trim()));

const translation = z
  .object({
    locale: z.enum(LOCALES, "Errors.language_unsupported"),
    field: z.enum(LOCATION_TRANSLATABLE_FIELDS, "Errors.invalid_value"),
    content: storableText(2000),
  })
  .strict();

const translations = z
  .array(translation)
  .max(LOCALES.length * LOCATION_TRANSLATABLE_FIELDS.length, "Errors.invalid_value")
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((item, index) => {
      const key = `${item.locale}:${item.field}`;
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          message: LOCATION_MESSAGES.duplicateTranslation,
          path: [index, "field"],
        });
      seen.add(key);
    });
  })
  // An empty content is no translation: the field falls back to the location's own text.
  .transform((list) =>
    list
      .map((item) => ({ ...item, content: item.content.trim() }))
      .filter((item) => item.content !== ""),
  );

/** Every writable field and its rule; POST requires some, PATCH takes any subset. */
const fields = {
  name: requiredText(200).transform((value) => value.trim()),
  external_id: optionalText(100),
  address: requiredText(300).transform((value) => value.trim()),
  city: requiredText(120).transform((value) => value.trim()),
  prov_state: storableText(80).transform((value) => value.trim()),
  postal_zip: storableText(20).transform((value) => value.trim()),
  country: z
    .string()
    .max(2, LOCATION_MESSAGES.country)
    .transform((value) => value.toUpperCase())
    .refine(isCountryCode, LOCATION_MESSAGES.country),
  latitude: z
    .number(LOCATION_MESSAGES.latitude)
    .min(-90, LOCATION_MESSAGES.latitude)
    .max(90, LOCATION_MESSAGES.latitude),
  longitude: z
    .number(LOCATION_MESSAGES.longitude)
    .min(-180, LOCATION_MESSAGES.longitude)
    .max(180, LOCATION_MESSAGES.longitude),
  timezone: z.string().max(64, LOCATION_MESSAGES.timezone).refine(isTimeZone, {
    message: LOCATION_MESSAGES.timezone,
  }),
  phone: phoneNumberSchema.nullable().transform((value) => (value ? value : null)),
  region: optionalText(100),
  visibility: z.enum(["public", "private"], "Errors.invalid_value"),
  physical: z.boolean(),
  supports_curbside_pickup: z.boolean(),
  restrict_callback_request_hours: z.boolean(),
  supports_in_person: z.boolean(),
  supports_phone: z.boolean(),
  supports_video: z.boolean(),
  instructions: optionalText(2000),
  google_review_url: storableText(500)
    .nullable()
    .refine((value) => value === null || value === "" || isHttpsUrl(value), {
      message: LOCATION_MESSAGES.httpsUrl,
    })
    .transform((value) => (value ? value : null)),
  sort_order: z.number().int().min(-1_000_000).max(1_000_000),
  lang: z.enum(LOCALES, "Errors.language_unsupported").nullable(),
  mailing_code: optionalText(40),
  translations,
};

export const locationCreateAttributesSchema = z
  .object({
    ...fields,
    prov_state: fields.prov_state.optional(),
    postal_zip: fields.postal_zip.optional(),
    external_id: fields.external_id.optional(),
    phone: fields.phone.optional(),
    region: fields.region.optional(),
    visibility: fields.visibility.optional(),
    physical: fields.physical.optional(),
    supports_curbside_pickup: fields.supports_curbside_pickup.optional(),
    restrict_callback_request_hours: fields.restrict_callback_request_hours.optional(),
    supports_in_person: fields.supports_in_person.optional(),
    supports_phone: fields.supports_phone.optional(),
    supports_video: fields.supports_video.optional(),
    instructions: fields.instructions.optional(),
    google_review_url: fields.google_review_url.optional(),
    sort_order: fields.sort_order.optional(),
    lang: fields.lang.optional(),
    mailing_code: fields.mailing_code.optional(),
    translations: fields.translations.optional(),
  })
  .strict();

export const locationPatchAttributesSchema = z
  .object({
    ...Object.fromEntries(Object.entries(fields).map(([name, rule]) => [name, rule.optional()])),
    archived: z.boolean().optional().describe("true archives the location, false restores it"),
  } as { [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]> } & {
    archived: z.ZodOptional<z.ZodBoolean>;
  })
  .strict();

export const locationCreateDocumentSchema = z
  .object({
    data: z
      .object({ type: z.literal("locations"), attributes: locationCreateAttributesSchema })
      .strict(),
  })
  .strict();
export type LocationCreateDocument = z.input<typeof locationCreateDocumentSchema>;
export type LocationCreateAttributes = z.output<typeof locationCreateAttributesSchema>;

export const locationPatchDocumentSchema = z
  .object({
    data: z
      .object({
        type: z.literal("locations"),
        id: z.string().max(32).optional(),
        attributes: locationPatchAttributesSchema,
      })
      .strict(),
  })
  .strict();
export type LocationPatchDocument = z.input<typeof locationPatchDocumentSchema>;
export type LocationPatchAttributes = z.output<typeof locationPatchAttributesSchema>;

const translationOut = z.object({
  locale: z.string(),
  field: z.string(),
  content: z.string(),
});

export const adminLocationAttributesSchema = z.object({
  name: z.string(),
  external_id: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  prov_state: z.string(),
  postal_zip: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string(),
  phone: z.string().nullable(),
  region: z.string().nullable(),
  visibility: z.enum(["public", "private"]),
  physical: z.boolean(),
  supports_curbside_pickup: z.boolean(),
  restrict_callback_request_hours: z.boolean(),
  supports_in_person: z.boolean(),
  supports_phone: z.boolean(),
  supports_video: z.boolean(),
  instructions: z.string().nullable(),
  google_review_url: z.string().nullable(),
  sort_order: z.number(),
  lang: z.string().nullable(),
  mailing_code: z.string().nullable(),
  translations: z.array(translationOut),
  archived: z.boolean(),
  archived_at: z.string().nullable(),
  version: z.number().int().describe('send it back as If-Match: "<version>"'),
  created_at: z.string(),
});
export type AdminLocationAttributes = z.output<typeof adminLocationAttributesSchema>;

export const adminLocationResourceSchema = z.object({
  type: z.literal("locations"),
  id: z.string(),
  attributes: adminLocationAttributesSchema,
});
export type AdminLocation = z.output<typeof adminLocationResourceSchema>;

export const adminLocationDocumentSchema = z.object({ data: adminLocationResourceSchema });
export type AdminLocationDocument = z.output<typeof adminLocationDocumentSchema>;

export const LOCATION_SORTS = [
  "name",
  "-name",
  "sort_order",
  "-sort_order",
  "city",
  "-city",
  "created",
  "-created",
] as const;
export type LocationSort = (typeof LOCATION_SORTS)[number];

export const adminLocationListQuerySchema = z
  .object({
    "filter[search]": storableText(200)
      .optional()
      .describe("matches name, city, address or external id"),
    "filter[region]": storableText(100).optional().describe("exactly this region"),
    "filter[archived]": z
      .enum(["false", "true", "all"], "Errors.invalid_value")
      .default("false")
      .describe("false (default): current locations; true: archived ones; all: both"),
    sort: z.enum(LOCATION_SORTS, "Errors.invalid_value").default("sort_order"),
    "page[number]": z
      .string()
      .regex(/^[1-9]\d{0,5}$/, "Errors.invalid_value")
      .default("1")
      .transform(Number),
    "page[size]": z
      .string()
      .regex(/^[1-9]\d{0,2}$/, "Errors.invalid_value")
      .default("50")
      .transform(Number)
      .refine((size) => size <= 200, "Errors.invalid_value"),
  })
  .strict();
export type AdminLocationListQuery = z.input<typeof adminLocationListQuerySchema>;

export const adminLocationListDocumentSchema = z.object({
  data: z.array(adminLocationResourceSchema),
  meta: z.object({
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    regions: z.array(z.string()).describe("every region of the vendor's locations, for the filter"),
  }),
});
export type AdminLocationListDocument = z.output<typeof adminLocationListDocumentSchema>;
