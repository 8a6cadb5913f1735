// The back office's rooms (docs/admin-groups-rooms.md), for hours.manage (Manager and up, at the
// locations their role reaches): GET|POST /rooms, GET|PATCH /rooms/{id}. Reads answer with the
// version as ETag; writes honour If-Match (409 with the current room) and commit with their audit
// record and event.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  roomCreateSchema,
  roomDocumentSchema,
  roomListQuerySchema,
  roomListSchema,
  roomPatchSchema,
  roomResourceSchema,
} from "../../shared/contracts/room.ts";
import { requireStaff, staffOf } from "../auth/require-staff.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses, idParams, versionConflictResponse } from "../http/json-api.ts";
import { ifMatchVersion, setVersionTag } from "../http/versioning.ts";
import { createRoom, findRoom, listRooms, presentRoom, updateRoom } from "./room-admin.ts";

const tags = ["rooms-admin"];
const roomConflict = versionConflictResponse(roomResourceSchema);

export const roomRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const preHandler = requireStaff("hours.manage");

  app.get(
    "/rooms",
    {
      preHandler,
      schema: {
        tags,
        summary: "The rooms of the caller's locations (or of one), by location and name",
        querystring: roomListQuerySchema,
        response: { 200: roomListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const data = await listRooms(db, staffOf(request), {
        locationId: request.query.location_id,
        archived: request.query.archived,
      });
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data };
    },
  );

  app.post(
    "/rooms",
    {
      preHandler,
      schema: {
        tags,
        summary: "Creates a room at one of the caller's locations",
        body: roomCreateSchema,
        response: { 201: roomDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const data = await createRoom(db, staffOf(request), request.body.data.attributes);
      setVersionTag(reply, data.attributes.version);
      reply.code(201).type(JSON_API);
      return { data };
    },
  );

  app.get(
    "/rooms/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "One room",
        params: idParams,
        response: { 200: roomDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const data = presentRoom(await findRoom(db, staffOf(request), request.params.id));
      setVersionTag(reply, data.attributes.version);
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data };
    },
  );

  app.patch(
    "/rooms/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "Changes a room's name, capacity or notes (archived: true archives it)",
        params: idParams,
        body: roomPatchSchema,
        response: {
          200: roomDocumentSchema,
          ...errorResponses(400, 401, 403, 404, 422),
          409: roomConflict,
        },
      },
    },
    async (request, reply) => {
      const expected = ifMatchVersion(request);
      const data = await updateRoom(
        db,
        staffOf(request),
        request.params.id,
        request.body.data.attributes,
        expected,
      );
      setVersionTag(reply, data.attributes.version);
      reply.type(JSON_API);
      return { data };
    },
  );
};
