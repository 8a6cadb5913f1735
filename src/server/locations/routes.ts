// Open location endpoints (spec §7 "Location list", §3 Location): the visible locations of the
// request's vendor, and one location by id (a private one too, so its page can say it is private).
// An archived location is not found.
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  locationDocumentSchema,
  locationListDocumentSchema,
} from "../../shared/contracts/location.ts";
import type { HourAdjustments } from "../../shared/opening-hours.ts";
import { storableText } from "../../shared/queue/storable-text.ts";
import { locations } from "../db/schema.ts";
import { notFound } from "../http/app-error.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses, idParams } from "../http/json-api.ts";
import { parseNear } from "./distance.ts";
import { loadHourAdjustments } from "./load-hour-adjustments.ts";
import { loadPublicLocations } from "./load-public-locations.ts";
import { presentLocation } from "./present-location.ts";

const listQuery = z.object({
  near: z
    .string()
    .max(64)
    .refine((value) => parseNear(value) !== null, "Errors.invalid_value")
    .optional()
    .describe("lat,lng: adds distance, unit and within, sorts by distance"),
  "filter[search]": storableText(200)
    .optional()
    .describe("matches name, address, city or postal code; name and address in any language"),
});

const withAdjustments = (adjustments: HourAdjustments | undefined) =>
  adjustments ? { adjustments } : {};

export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  const waits = app.caches.locationWaits;

  app.get(
    "/locations",
    {
      schema: {
        tags: ["locations"],
        summary: "Visible locations, by sort order then name, or by distance",
        querystring: listQuery,
        response: {
          200: locationListDocumentSchema,
          ...errorResponses(404, 422),
        },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const near = request.query.near === undefined ? null : parseNear(request.query.near);
      const found = await loadPublicLocations(app.database.db, {
        vendorId: vendor.id,
        search: request.query["filter[search]"],
        near,
        radius: vendor.settings.client_view.location_search_radius,
      });
      const ids = found.map(({ row }) => row.id);
      const now = new Date();
      const [wait, adjustments] = await Promise.all([
        waits.forLocations(vendor.id, ids),
        loadHourAdjustments(app.database.db, { vendorId: vendor.id, locationIds: ids, now }),
      ]);
      reply.type(JSON_API);
      return {
        data: found.map(({ row, distance }, i) =>
          presentLocation(row, request.locale, now, {
            wait: wait[i] ?? null,
            ...(distance ? { distance } : {}),
            ...withAdjustments(adjustments.get(row.id)),
          }),
        ),
      };
    },
  );

  app.get(
    "/locations/:id",
    {
      schema: {
        tags: ["locations"],
        summary: "One location with its hours, future open hours and current wait",
        params: idParams,
        response: { 200: locationDocumentSchema, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const [row] = await app.database.db
        .select()
        .from(locations)
        .where(
          and(
            eq(locations.id, request.params.id),
            eq(locations.vendorId, vendor.id),
            isNull(locations.archivedAt),
          ),
        );
      if (!row) throw notFound();
      const now = new Date();
      const [[wait], adjustments] = await Promise.all([
        waits.forLocations(vendor.id, [row.id]),
        loadHourAdjustments(app.database.db, { vendorId: vendor.id, locationIds: [row.id], now }),
      ]);
      reply.type(JSON_API);
      return {
        data: presentLocation(row, request.locale, now, {
          wait: wait ?? null,
          ...withAdjustments(adjustments.get(row.id)),
        }),
      };
    },
  );
};
