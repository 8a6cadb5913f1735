// GET /api/v2/open/queue-appointments-services/{locationId} (spec §7): data[0] the services a visitor
// can join the line for at the location, data[1] the location's current wait-time list.
import { and, asc, eq, isNull } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { resourceIdString } from "../../shared/contracts/resource-id.ts";
import {
  type LocationServicesDocument,
  locationServicesDocumentSchema,
} from "../../shared/contracts/service.ts";
import { locationServices, locations, queueAppointments, services } from "../db/schema.ts";
import { notFound } from "../http/app-error.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses } from "../http/json-api.ts";
import { presentServiceOption } from "./present-service-option.ts";

export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    "/queue-appointments-services/:locationId",
    {
      schema: {
        tags: ["queue"],
        summary: "Services offered for the line at a location, and its wait-time list",
        params: z.object({ locationId: resourceIdString }),
        response: {
          200: locationServicesDocumentSchema,
          ...errorResponses(404, 422),
        },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const [location] = await db
        .select()
        .from(locations)
        .where(
          and(
            eq(locations.id, request.params.locationId),
            eq(locations.vendorId, vendor.id),
            isNull(locations.archivedAt),
          ),
        );
      if (!location) throw notFound();
      const offered = await db
        .select({ service: services })
        .from(locationServices)
        .innerJoin(
          services,
          and(
            eq(services.id, locationServices.serviceId),
            eq(services.vendorId, vendor.id),
            isNull(services.archivedAt),
          ),
        )
        .where(
          and(
            eq(locationServices.vendorId, vendor.id),
            eq(locationServices.locationId, location.id),
          ),
        )
        .orderBy(asc(services.sortOrder), asc(services.name), asc(services.id));
      const context = {
        locationSupportsCurbside: location.supportsCurbsidePickup,
        curbsideEnabled: vendor.settings.features.curbside_pickup,
      };
      const options = offered
        .map(({ service }) => presentServiceOption(service, context, request.locale))
        .filter((option) => option.supportsWalkin || option.supportsCurbsidePickup);
      const waiting = await db
        .select({ id: queueAppointments.id, expectedStart: queueAppointments.expectedStart })
        .from(queueAppointments)
        .where(
          and(
            eq(queueAppointments.vendorId, vendor.id),
            eq(queueAppointments.locationId, location.id),
            eq(queueAppointments.status, "waiting"),
          ),
        )
        .orderBy(asc(queueAppointments.queuedAt), asc(queueAppointments.id));
      reply.type(JSON_API).header("cache-control", "no-store");
      return {
        data: [
          options,
          waiting.map((row) => ({
            id: String(row.id),
            expected_start: row.expectedStart?.toISOString() ?? null,
          })),
        ] as LocationServicesDocument["data"],
      };
    },
  );
};
