// The back office's clients (docs/clients.md) under /api/internal/v1: search and read with
// clients.view, change and merge with clients.manage. Reads of one client answer its version as
// ETag; PATCH and merge honour If-Match (409 with the client as it is now). Thin: guard → validate
// → command → present; the scope rule lives in client-scope.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  clientAppointmentsDocumentSchema,
  clientDocumentSchema,
  clientListDocumentSchema,
  clientListQuerySchema,
  clientMergeSchema,
  clientPageQuerySchema,
  clientPatchSchema,
  clientResourceSchema,
  clientTimelineDocumentSchema,
  clientWalkInsDocumentSchema,
} from "../../shared/contracts/client.ts";
import { requireStaff, staffOf } from "../auth/require-staff.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses, idParams, versionConflictResponse } from "../http/json-api.ts";
import { ifMatchVersion, setVersionTag } from "../http/versioning.ts";
import { listClientAppointments } from "./client-appointments.ts";
import { findClientRow, readClient, updateClient } from "./client-record.ts";
import { listClientTimeline } from "./client-timeline.ts";
import { listClientWalkIns } from "./client-walk-ins.ts";
import { mergeClients } from "./merge-clients.ts";
import { searchClients } from "./search-clients.ts";

const tags = ["clients"];
const clientConflict = versionConflictResponse(clientResourceSchema);
const BASE = "/api/internal/v1";

/** The link to the next page: the same path with the cursor, or null on the last page. */
function nextLink(path: string, query: Record<string, string | undefined>, next: string | null) {
  if (next === null) return null;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && key !== "page[cursor]") params.set(key, value);
  }
  params.set("page[cursor]", next);
  return `${BASE}${path}?${params.toString()}`;
}

export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const view = requireStaff("clients.view");
  const manage = requireStaff("clients.manage");

  app.get(
    "/clients",
    {
      preHandler: view,
      schema: {
        tags,
        summary: "Searches the clients by name, email, phone or external id, best matches first",
        querystring: clientListQuerySchema,
        response: { 200: clientListDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const { search } = request.query;
      const { data, next } = await searchClients(db, staffOf(request), {
        search,
        cursor: request.query["page[cursor]"],
        now: new Date(),
      });
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data, links: { next: nextLink("/clients", { search }, next) } };
    },
  );

  app.get(
    "/clients/:id",
    {
      preHandler: view,
      schema: {
        tags,
        summary:
          "One client with their counts (a merged one: 404 client_merged, meta.merged_into_id)",
        params: idParams,
        response: { 200: clientDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const data = await readClient(db, staffOf(request), request.params.id, new Date());
      setVersionTag(reply, data.attributes.version);
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data };
    },
  );

  app.patch(
    "/clients/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Changes a client's contact details (the visitor form's email and phone rules)",
        params: idParams,
        body: clientPatchSchema,
        response: {
          200: clientDocumentSchema,
          ...errorResponses(400, 401, 403, 404, 422),
          409: clientConflict,
        },
      },
    },
    async (request, reply) => {
      const data = await updateClient(
        db,
        staffOf(request),
        request.params.id,
        request.body.data.attributes,
        ifMatchVersion(request),
        new Date(),
      );
      setVersionTag(reply, data.attributes.version);
      reply.type(JSON_API);
      return { data };
    },
  );

  app.post(
    "/clients/:id/merge",
    {
      preHandler: manage,
      schema: {
        tags,
        summary:
          "Merges a duplicate into this client: its visits, appointments and messages move here",
        params: idParams,
        body: clientMergeSchema,
        response: {
          200: clientDocumentSchema,
          ...errorResponses(400, 401, 403, 404, 422),
          409: clientConflict,
        },
      },
    },
    async (request, reply) => {
      const duplicateId = request.body.data.attributes.duplicate_id;
      const data = await mergeClients(
        db,
        staffOf(request),
        {
          survivorId: request.params.id,
          duplicateId: typeof duplicateId === "number" ? duplicateId : Number(duplicateId),
          expectedVersion: ifMatchVersion(request),
        },
        new Date(),
      );
      setVersionTag(reply, data.attributes.version);
      reply.type(JSON_API);
      return { data };
    },
  );

  const tab = (
    name: "appointments" | "walk-ins" | "timeline",
    summary: string,
    schema: z.ZodType,
    list: typeof listClientWalkIns | typeof listClientAppointments | typeof listClientTimeline,
  ) =>
    app.get(
      `/clients/:id/${name}`,
      {
        preHandler: view,
        schema: {
          tags,
          summary,
          params: idParams,
          querystring: clientPageQuerySchema,
          response: { 200: schema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request, reply) => {
        const staff = staffOf(request);
        const client = await findClientRow(db, staff, request.params.id);
        const cursor = (request.query as { "page[cursor]"?: string })["page[cursor]"];
        const { data, next } = await list(db, staff, {
          clientId: client.id,
          cursor,
          locale: request.locale,
        });
        reply.type(JSON_API).header("cache-control", "no-store");
        const links = { next: nextLink(`/clients/${client.id}/${name}`, {}, next) };
        // One handler for three schemas: the response schema checks each tab's document.
        return { data, links };
      },
    );

  tab(
    "appointments",
    "A client's booked appointments at the caller's locations, newest first",
    clientAppointmentsDocumentSchema,
    listClientAppointments,
  );
  tab(
    "walk-ins",
    "A client's queue visits at the caller's locations, newest first",
    clientWalkInsDocumentSchema,
    listClientWalkIns,
  );
  tab(
    "timeline",
    "Every visit, appointment, message and change of a client, newest first",
    clientTimelineDocumentSchema,
    listClientTimeline,
  );
};
