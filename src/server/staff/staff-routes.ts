// Staff administration under /api/internal/v1 (docs/admin-staff.md), for staff.manage (Manager and
// up): the list, inviting someone, their details, assignments and shifts, a password reset email.
// Reads answer with ETag, writes take If-Match (409 version_conflict); the role ceiling is in
// staff-rules.ts. Deactivation and changes of role or locations end the person's realtime
// subscriptions on every node.
import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  grantableRoles,
  type StaffAttributes,
  staffAssignmentsBodySchema,
  staffDocumentSchema,
  staffInviteBodySchema,
  staffListDocumentSchema,
  staffListQuerySchema,
  staffPasswordResetAnswerSchema,
  staffPatchBodySchema,
  staffShiftsBodySchema,
} from "../../shared/contracts/staff.ts";
import { DELIVER_PASSWORD_RESET } from "../auth/password-resets.ts";
import { requireStaff, staffOf } from "../auth/require-staff.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import { queueStaffInvitation } from "../auth/staff-invitations.ts";
import { AppError } from "../http/app-error.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses, versionConflictResponse } from "../http/json-api.ts";
import { ifMatchVersion, setVersionTag } from "../http/versioning.ts";
import { pathId } from "../lobby/find-staff-location.ts";
import { findStaffRow, listStaff, presentStaff, type StaffRow } from "./load-staff.ts";
import {
  type Actor,
  inviteStaff,
  replaceAssignments,
  replaceShifts,
  type StaffChangeResult,
  updateStaff,
} from "./staff-commands.ts";
import { assertMayManage, mayManage } from "./staff-rules.ts";

const tags = ["staff"];
/** A 409 carries the staff member as it is now in `meta.current`. */
const conflictResponse = versionConflictResponse(z.unknown());
const writeErrors = { ...errorResponses(400, 401, 403, 404, 422), 409: conflictResponse };
const idParams = z.object({ id: z.string().max(32) }).strict();

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const preHandler = requireStaff("staff.manage");

  const actorOf = (staff: StaffContext): Actor => ({
    id: staff.user.id,
    roleLevel: staff.roleLevel,
    vendorId: staff.vendorId,
  });

  const document = (staff: StaffContext, row: StaffRow, attributes: StaffAttributes) => ({
    data: { type: "staff" as const, id: String(row.id), attributes },
    meta: {
      manageable: mayManage(actorOf(staff), row),
      grantable_roles: grantableRoles(staff.roleLevel),
    },
  });

  /** After commit: end realtime subscriptions, then answer the changed staff member. */
  const answer = async (
    staff: StaffContext,
    reply: { type(t: string): unknown; header(n: string, v: string): unknown },
    result: StaffChangeResult,
  ) => {
    if (result.revokeSessions)
      await app.staffSessionRevocations.announce({ userId: result.row.id });
    app.events.emit("eventsRecorded", {});
    reply.type(JSON_API);
    reply.header("etag", `"${result.row.version}"`);
    return document(staff, result.row, result.attributes);
  };

  app.get(
    "/staff",
    {
      preHandler,
      schema: {
        tags,
        summary: "The vendor's staff: search by name or email, filter by location, role and status",
        querystring: staffListQuerySchema,
        response: { 200: staffListDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const query = request.query;
      const { items, total } = await listStaff(db, {
        vendorId: staff.vendorId,
        q: query.q,
        locationId: query.location_id === undefined ? undefined : Number(query.location_id),
        roleLevel: query.role_level === undefined ? undefined : Number(query.role_level),
        status: query.status,
        page: query.page,
        limit: query.limit,
      });
      reply.type(JSON_API).header("cache-control", "no-store");
      return {
        data: items,
        meta: {
          total,
          page: query.page,
          limit: query.limit,
          grantable_roles: grantableRoles(staff.roleLevel),
        },
      };
    },
  );

  app.post(
    "/staff",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Invites a staff member: the account is made without a password and an email with a link to set one is sent",
        body: staffInviteBodySchema,
        response: { 201: staffDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const attributes = request.body.data.attributes;
      const result = await inviteStaff(db, actorOf(staff), {
        ...attributes,
        locations: attributes.locations.map((l) => ({
          location_id: Number(l.location_id),
          desk: l.desk ?? null,
        })),
      });
      await queueStaffInvitation(app.jobs, {
        userId: result.row.id,
        vendorId: staff.vendorId,
        invitedByUserId: staff.user.id,
        requestHost: request.hostname,
      });
      reply.code(201).header("location", `/api/internal/v1/staff/${result.row.id}`);
      return answer(staff, reply, result);
    },
  );

  app.get(
    "/staff/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "A staff member: details, locations and desks, services, weekly shifts",
        params: idParams,
        response: { 200: staffDocumentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const row = await findStaffRow(db, staff.vendorId, pathId(request.params.id));
      setVersionTag(reply, row.version);
      reply.type(JSON_API).header("cache-control", "no-store");
      return document(staff, row, await presentStaff(db, row));
    },
  );

  app.patch(
    "/staff/:id",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Changes a staff member's names, role, languages, or deactivates or reactivates them",
        params: idParams,
        body: staffPatchBodySchema,
        response: {
          200: staffDocumentSchema,
          ...writeErrors,
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const id = pathId(request.params.id);
      const body = request.body.data;
      if (body.id !== undefined && body.id !== request.params.id) {
        throw new AppError("unprocessable", {
          code: "id_mismatch",
          messageId: "Errors.invalid_value",
          pointer: "/data/id",
        });
      }
      const result = await updateStaff(
        db,
        actorOf(staff),
        id,
        ifMatchVersion(request),
        body.attributes,
      );
      return answer(staff, reply, result);
    },
  );

  app.put(
    "/staff/:id/assignments",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Replaces where a staff member works (with a desk or counter name per location) and the services they serve",
        params: idParams,
        body: staffAssignmentsBodySchema,
        response: {
          200: staffDocumentSchema,
          ...writeErrors,
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const { locations, service_ids } = request.body.data.attributes;
      const result = await replaceAssignments(
        db,
        actorOf(staff),
        pathId(request.params.id),
        ifMatchVersion(request),
        {
          locations: locations.map((l) => ({
            location_id: Number(l.location_id),
            desk: l.desk ?? null,
          })),
          service_ids: service_ids.map(Number),
        },
      );
      return answer(staff, reply, result);
    },
  );

  app.put(
    "/staff/:id/shifts",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Replaces a staff member's weekly shifts and breaks per location and the dated exceptions; the next days' shifts are made from them",
        params: idParams,
        body: staffShiftsBodySchema,
        response: {
          200: staffDocumentSchema,
          ...writeErrors,
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const { weekly, exceptions } = request.body.data.attributes;
      const result = await replaceShifts(
        db,
        actorOf(staff),
        pathId(request.params.id),
        ifMatchVersion(request),
        {
          weekly: weekly.map((w) => ({ ...w, location_id: Number(w.location_id) })),
          exceptions: exceptions.map((e) => ({ ...e, location_id: Number(e.location_id) })),
        },
      );
      return answer(staff, reply, result);
    },
  );

  app.post(
    "/staff/:id/password-reset",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Emails a staff member a link to set a new password (the invitation again if they never set one)",
        params: idParams,
        response: { 202: staffPasswordResetAnswerSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const row = await findStaffRow(db, staff.vendorId, pathId(request.params.id));
      assertMayManage(actorOf(staff), row);
      if (!row.active) {
        throw new AppError("unprocessable", {
          code: "staff_deactivated",
          messageId: "Office.staff.error.reset_deactivated",
        });
      }
      const invitation = row.passwordHash === null;
      if (invitation) {
        await queueStaffInvitation(app.jobs, {
          userId: row.id,
          vendorId: staff.vendorId,
          invitedByUserId: staff.user.id,
          requestHost: request.hostname,
        });
      } else {
        await app.jobs.send(DELIVER_PASSWORD_RESET, {
          userId: row.id,
          vendorId: staff.vendorId,
          requestHost: request.hostname,
          deliveryId: randomUUID(),
        });
      }
      reply.code(202).type(JSON_API);
      return { meta: { sent: invitation ? ("invitation" as const) : ("password_reset" as const) } };
    },
  );
};
