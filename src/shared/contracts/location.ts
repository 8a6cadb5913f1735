// A location resource (spec §3 Location) as GET /api/v2/open/locations and /locations/{id} answer
// it, for OpenAPI, for the serializer (which drops any attribute the schema does not name) and the web.
import { z } from "zod";
import { WEEKDAYS } from "../domain.ts";

const openingInterval = z.object({ open: z.string(), closed: z.string() });
const dayHours = openingInterval.nullable();
const translation = z.object({ locale: z.string(), field: z.string(), content: z.string() });

export const locationResourceSchema = z.object({
  type: z.literal("locations"),
  id: z.string(),
  attributes: z.object({
    external_id: z.string().nullable(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    prov_state: z.string(),
    postal_zip: z.string(),
    country: z.string(),
    formatted_address: z.string(),
    coordinates: z.object({ lat: z.number(), lng: z.number() }),
    latitude: z.number(),
    longitude: z.number(),
    phone: z.string().nullable(),
    phone_formatted: z
      .string()
      .nullable()
      .describe("the phone number written as in the location's country, e.g. (217) 555-0100"),
    physical: z.boolean(),
    region: z.string().nullable(),
    mailing_code: z.string().nullable(),
    lang: z.string().nullable(),
    google_review_url: z.string().nullable(),
    sort_order: z.number(),
    timezone: z.string(),
    visibility: z.enum(["public", "private"]),
    supports_curbside_pickup: z.boolean(),
    supports_in_person: z.boolean(),
    supports_phone: z.boolean(),
    supports_video: z.boolean(),
    instructions: z.string().nullable(),
    restrict_callback_request_hours: z.boolean(),
    hours: z
      .partialRecord(z.enum(WEEKDAYS), dayHours)
      .describe("per weekday the first open and the last close (local HH:mm); null: closed"),
    opening_periods: z
      .partialRecord(z.enum(WEEKDAYS), z.array(openingInterval))
      .describe(
        "per weekday every opening period in order (a day closed at lunch has two); empty: closed",
      ),
    future_open_hours: z.array(
      z.object({
        weekday: z.enum(WEEKDAYS),
        hours: z.object({ start: z.string(), end: z.string() }),
      }),
    ),
    is_currently_open: z.boolean(),
    wait_time: z
      .number()
      .int()
      .nullable()
      .describe("seconds until a visitor joining now would start; null when nobody can serve"),
    expected_start: z
      .string()
      .nullable()
      .describe("when a visitor joining now would start (ISO 8601)"),
    distance: z.number().optional(),
    unit: z.enum(["mi", "km"]).optional(),
    within: z.boolean().optional(),
    translations: z.array(translation),
  }),
});
export type LocationResource = z.output<typeof locationResourceSchema>;

export const locationListDocumentSchema = z.object({ data: z.array(locationResourceSchema) });
export const locationDocumentSchema = z.object({ data: locationResourceSchema });
