// GET /api/v2/open/vendor: the initial state every public page loads first, with the CSRF token
// the page sends back on each state-changing call.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { LOCALES } from "../../shared/domain.ts";
import {
  callbackContactOptionsSchema,
  clientViewSettingsSchema,
  themeSchema,
} from "../../shared/vendor-settings.ts";
import { issueCsrfToken } from "../http/csrf.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses } from "../http/json-api.ts";
import { PUBLIC_FEATURES, presentVendor } from "./present-vendor.ts";

const vendorDocumentSchema = z.object({
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
      languages: z.object({
        available: z.array(z.enum(LOCALES)),
        default: z.enum(LOCALES),
        current: z.enum(LOCALES),
      }),
      client_view: clientViewSettingsSchema,
      callback_contact_options: callbackContactOptionsSchema,
      features: z.object(Object.fromEntries(PUBLIC_FEATURES.map((name) => [name, z.boolean()]))),
      show_queue_appointment_feedback: z.boolean(),
      show_wait_time: z.boolean(),
      location_search_radius: z.number(),
      callback_closed_location_info: z.boolean(),
      schedule_interval: z.number(),
      service_interval: z.number(),
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

export const vendorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/vendor",
    {
      schema: {
        tags: ["vendor"],
        summary: "The public initial state of the vendor's pages, with a CSRF token",
        response: { 200: vendorDocumentSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const csrfToken = issueCsrfToken(reply);
      reply.type(JSON_API).header("cache-control", "no-store");
      const maps = {
        tileUrl: app.config.MAP_TILE_URL,
        places: app.config.GEOCODER_URL ? ("geocoder" as const) : ("offline" as const),
      };
      return {
        data: presentVendor(vendor, request.locale, maps),
        meta: { csrf_token: csrfToken },
      };
    },
  );
};
