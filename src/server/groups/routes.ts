// The back office's staff groups (docs/admin-groups-rooms.md): GET /groups and GET /groups/{id}
// for staff.manage (Manager and up); POST /groups and PATCH /groups/{id} for groups.manage (Admin
// and up). Reads answer with the version as ETag; writes honour If-Match (409 with the current
// group) and commit with their audit record and event.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  staffGroupCreateSchema,
  staffGroupDocumentSchema,
  staffGroupListQuerySchema,
  staffGroupListSchema,
  staffGroupPatchSchema,
  staffGroupResourceSchema,
} from "../../shared/contracts/staff-group.ts";
import { requireStaff, staffOf } from "../auth/require-staff.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses, idParams, versionConflictResponse } from "../http/json-api.ts";
import { ifMatchVersion, setVersionTag } from "../http/versioning.ts";
import { createGroup, findGroup, listGroups, updateGroup } from "./group-admin.ts";

const tags = ["groups-admin"];
const groupConflict = versionConflictResponse(staffGroupResourceSchema);

export const staffGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const read = requireStaff("staff.manage");
  const manage = requireStaff("groups.manage");
  const scopeOf = (request: Parameters<typeof staffOf>[0]) => {
    const staff = staffOf(request);
    return { vendorId: staff.vendorId, actorUserId: staff.user.id };
  };

  app.get(
    "/groups",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "The vendor's staff groups by name, with their members",
        querystring: staffGroupListQuerySchema,
        response: { 200: staffGroupListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const data = await listGroups(db, staffOf(request).vendorId, request.query.archived);
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data };
    },
  );

  app.post(
    "/groups",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Creates a staff group, with its members if member_ids is given",
        body: staffGroupCreateSchema,
        response: { 201: staffGroupDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const data = await createGroup(db, scopeOf(request), request.body.data.attributes);
      setVersionTag(reply, data.attributes.version);
      reply.code(201).type(JSON_API);
      return { data };
    },
  );

  app.get(
    "/groups/:id",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "One staff group with its members",
        params: idParams,
        response: { 200: staffGroupDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { resource } = await findGroup(db, staffOf(request).vendorId, request.params.id);
      setVersionTag(reply, resource.attributes.version);
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data: resource };
    },
  );

  app.patch(
    "/groups/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary:
          "Changes a staff group (member_ids replaces the members; archived: true archives it)",
        params: idParams,
        body: staffGroupPatchSchema,
        response: {
          200: staffGroupDocumentSchema,
          ...errorResponses(400, 401, 403, 404, 422),
          409: groupConflict,
        },
      },
    },
    async (request, reply) => {
      const expected = ifMatchVersion(request);
      const data = await updateGroup(
        db,
        scopeOf(request),
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
