// GET /api/v2/open/vendor: the public initial state of a vendor's pages (spec §1, §3, §6) — name,
// theme, languages, client-view settings, public feature flags, realtime settings — and the CSRF
// token the page sends back on each state-changing call. Nothing here is secret.
import { z } from "zod";
import { LOCALES } from "../domain.ts";
import {
  callbackContactOptionsSchema,
  clientViewSettingsSchema,
  themeSchema,
} from "../vendor-settings.ts";

/** Feature flags the public side reads (spec §6); the back-office decision flags stay private. */
export const PUBLIC_FEATURES = [
  "appointment_meeting_methods",
  "video_meetings",
  "phone_callbacks",
  "in_person_callbacks",
  "callback_requests",
  "connect_lobby",
  "curbside_pickup",
  "lobby",
  "notes_digit_validation",
  "location_locking",
  "appointment_booking_channel",
  "queue_appointment_feedback",
] as const;
export type PublicFeature = (typeof PUBLIC_FEATURES)[number];

export const vendorDocumentSchema = z.object({
  data: z.object({
    type: z.literal("vendors"),
    id: z.string(),
    attributes: z.object({
      name: z.string(),
      slug: z.string(),
      homepage: z.string().nullable(),
      currency: z.string(),
      private_label: z.boolean(),
      logo: z.string().nullable(),
      theme: themeSchema,
      theme_colours: z
        .object({
          on_primary: z.string(),
          primary_text: z.string(),
          on_secondary: z.string(),
          secondary_text: z.string(),
        })
        .describe(
          "text colours that meet WCAG AA with the theme: on each brand colour, and each brand colour as text on the light page",
        ),
      languages: z.object({
        available: z.array(z.enum(LOCALES)),
        default: z.enum(LOCALES),
        current: z.enum(LOCALES),
      }),
      client_view: clientViewSettingsSchema,
      callback_contact_options: callbackContactOptionsSchema,
      features: z.object(
        Object.fromEntries(PUBLIC_FEATURES.map((name) => [name, z.boolean()])) as Record<
          PublicFeature,
          z.ZodBoolean
        >,
      ),
      show_queue_appointment_feedback: z.boolean(),
      show_wait_time: z.boolean(),
      location_search_radius: z.number(),
      callback_closed_location_info: z.boolean(),
      schedule_interval: z.number(),
      service_interval: z.number(),
      booking: z
        .object({
          window_days: z.number().describe("how many days ahead one may book"),
          attendees_limit: z
            .number()
            .describe("the most people one booking may bring (1: no attendees step)"),
        })
        .describe("what the booking steps need of the vendor's booking settings"),
      social: z.record(z.string(), z.string()),
      duration_text: z
        .string()
        .nullable()
        .describe("replaces the wait-time header in this language"),
      synonyms: z.record(z.string(), z.string()).describe("message overrides in this language"),
      maps: z
        .object({
          tile_url: z.string().describe("map tile URL template ({z}/{x}/{y})"),
          places: z
            .enum(["geocoder", "offline"])
            .describe("geocoder: GET /api/v2/open/places answers; offline: match own locations"),
        })
        .describe("the location finder's map and place search"),
      realtime: z.object({
        driver: z.literal("socket.io"),
        path: z.string(),
        transports: z.array(z.literal("websocket")),
      }),
    }),
  }),
  meta: z.object({
    csrf_token: z.string().describe("send as X-CSRF-Token on every POST and PATCH"),
  }),
});
export type VendorDocument = z.output<typeof vendorDocumentSchema>;
export type VendorResource = VendorDocument["data"];
