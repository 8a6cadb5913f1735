// Open location endpoints (spec §7 "Location list"): visible locations of the request's vendor.
import { and, asc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { locations } from "../db/schema.ts";
import { JSON_API } from "../http/error-handler.ts";
import { presentLocation } from "./present-location.ts";

export const LOCATION_LIST_LIMIT = 1000;

export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/locations", async (request, reply) => {
    const vendor = await request.vendor();
    const rows = await app.database.db
      .select()
      .from(locations)
      .where(and(eq(locations.vendorId, vendor.id), eq(locations.visibility, "public")))
      .orderBy(asc(locations.sortOrder), asc(locations.name))
      .limit(LOCATION_LIST_LIMIT);
    const now = new Date();
    reply.type(JSON_API);
    return { data: rows.map((row) => presentLocation(row, request.locale, now)) };
  });
};
