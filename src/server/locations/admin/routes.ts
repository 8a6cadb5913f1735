// The back office's locations (locations.manage, Admin and up), under /api/internal/v1: list,
// create, read and change, archive and restore (PATCH archived). Hours have their own endpoints.
// docs/admin-locations.md describes the calls with example documents.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminLocationDocumentSchema,
  adminLocationListDocumentSchema,
  adminLocationListQuerySchema,
  adminLocationResourceSchema,
  locationCreateDocumentSchema,
  locationPatchDocumentSchema,
} from "../../../shared/contracts/admin-location.ts";
import { requireStaff, staffOf } from "../../auth/require-staff.ts";
import { AppError } from "../../http/app-error.ts";
import { JSON_API } from "../../http/error-handler.ts";
import { errorResponses, versionConflictResponse } from "../../http/json-api.ts";
import { ifMatchVersion, setVersionTag } from "../../http/versioning.ts";
import { pathId } from "../../lobby/find-staff-location.ts";
import { listAdminLocations } from "./list-locations.ts";
import { presentAdminLocation } from "./present-admin-location.ts";
import { createLocation, findAdminLocation, updateLocation } from "./save-location.ts";

const tags = ["locations-admin"];
const idParams = z.object({ id: z.string().max(32) }).strict();
/** 409 version_conflict carries the location as it is now, so the page can show what changed. */
const conflictDocumentSchema = versionConflictResponse(adminLocationResourceSchema);

export const adminLocationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const preHandler = requireStaff("locations.manage");

  app.get(
    "/locations",
    {
      preHandler,
      schema: {
        tags,
        summary: "The vendor's locations: searched, filtered by region and archived, sorted, paged",
        querystring: adminLocationListQuerySchema,
        response: { 200: adminLocationListDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const { vendorId } = staffOf(request);
      const q = request.query;
      const found = await listAdminLocations(db, {
        vendorId,
        search: q["filter[search]"],
        region: q["filter[region]"],
        archived: q["filter[archived]"],
        sort: q.sort,
        page: q["page[number]"],
        pageSize: q["page[size]"],
      });
      reply.type(JSON_API).header("cache-control", "no-store");
      return {
        data: found.rows.map(presentAdminLocation),
        meta: {
          total: found.total,
          page: q["page[number]"],
          page_size: q["page[size]"],
          regions: found.regions,
        },
      };
    },
  );

  app.post(
    "/locations",
    {
      preHandler,
      schema: {
        tags,
        summary: "Creates a location (open Monday to Friday 09:00–17:00 until its hours are set)",
        body: locationCreateDocumentSchema,
        response: { 201: adminLocationDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const row = await createLocation(db, app.events, staff, request.body.data.attributes);
      setVersionTag(reply, row.version);
      reply.code(201).type(JSON_API).header("location", `${request.url}/${row.id}`);
      return { data: presentAdminLocation(row) };
    },
  );

  app.get(
    "/locations/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "One location as the back office edits it, archived or not",
        params: idParams,
        response: { 200: adminLocationDocumentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await findAdminLocation(db, staffOf(request).vendorId, pathId(request.params.id));
      setVersionTag(reply, row.version);
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data: presentAdminLocation(row) };
    },
  );

  app.patch(
    "/locations/:id",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Changes any of a location's fields; archived true archives it, false restores it (If-Match)",
        params: idParams,
        body: locationPatchDocumentSchema,
        response: {
          200: adminLocationDocumentSchema,
          ...errorResponses(400, 401, 403, 404, 422),
          409: conflictDocumentSchema,
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      // JSON:API: a document naming another resource than the address is a conflict.
      const bodyId = request.body.data.id;
      if (bodyId !== undefined && bodyId !== request.params.id)
        throw new AppError("conflict", {
          code: "id_mismatch",
          messageId: "Errors.invalid_value",
          pointer: "/data/id",
        });
      const expected = ifMatchVersion(request);
      const row = await updateLocation(
        db,
        app.events,
        staff,
        pathId(request.params.id),
        request.body.data.attributes,
        expected,
      );
      setVersionTag(reply, row.version);
      reply.type(JSON_API);
      return { data: presentAdminLocation(row) };
    },
  );
};
