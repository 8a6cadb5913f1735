// GET /api/internal/v1/audit-log?subject_type=location&subject_id=3: one object's history, newest
// first, for those who may change that kind of object (src/shared/audit.ts). Paged by a cursor (the
// last entry's id), since a busy object gathers hundreds of changes.
import { and, desc, eq, lt } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AUDIT_SUBJECTS } from "../../shared/audit.ts";
import {
  type AuditEntry,
  auditLogDocumentSchema,
  auditLogQuerySchema,
} from "../../shared/contracts/audit-log.ts";
import { permissionDenied, requireStaff, staffCan, staffOf } from "../auth/require-staff.ts";
import { auditLog, users } from "../db/schema.ts";
import { notFound } from "../http/app-error.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses } from "../http/json-api.ts";
import { AUDIT_SUBJECT_EXISTS } from "./audit-subjects.ts";
import { changedAttributes } from "./record-audit.ts";

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    "/audit-log",
    {
      preHandler: requireStaff("account.self"),
      schema: {
        tags: ["audit"],
        summary:
          "The history of one location, its hours, a service, a question, a staff member, a group, a room or (for platform admins) a vendor: who changed what, newest first",
        querystring: auditLogQuerySchema,
        response: { 200: auditLogDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const { subject_type: subjectType, limit, before } = request.query;
      if (!staffCan(staff, AUDIT_SUBJECTS[subjectType])) throw permissionDenied();
      const subjectId = request.query.subject_id;
      if (!(await AUDIT_SUBJECT_EXISTS[subjectType](db, staff, subjectId))) throw notFound();
      // A vendor's own history is kept under that vendor (audit-subjects.ts says who reads it).
      const scope = subjectType === "vendor" ? subjectId : staff.vendorId;
      const rows = await db
        .select({
          id: auditLog.id,
          action: auditLog.action,
          before: auditLog.before,
          after: auditLog.after,
          createdAt: auditLog.createdAt,
          actorId: users.id,
          actorFirstName: users.firstName,
          actorLastName: users.lastName,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(
          and(
            eq(auditLog.vendorId, scope),
            eq(auditLog.subjectType, subjectType),
            eq(auditLog.subjectId, subjectId),
            before === undefined ? undefined : lt(auditLog.id, Number(before)),
          ),
        )
        .orderBy(desc(auditLog.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const data = page.map((row): AuditEntry => {
        const beforeValue = row.before as Record<string, unknown> | null;
        const afterValue = row.after as Record<string, unknown> | null;
        return {
          type: "audit-entries",
          id: String(row.id),
          attributes: {
            subject_type: subjectType,
            subject_id: String(subjectId),
            action: row.action as AuditEntry["attributes"]["action"],
            actor:
              row.actorId === null
                ? null
                : {
                    id: String(row.actorId),
                    full_name: `${row.actorFirstName ?? ""} ${row.actorLastName ?? ""}`.trim(),
                  },
            before: beforeValue,
            after: afterValue,
            changed: changedAttributes(beforeValue, afterValue),
            created_at: row.createdAt.toISOString(),
          },
        };
      });
      reply.type(JSON_API).header("cache-control", "no-store");
      return {
        data,
        meta: {
          next_cursor: rows.length > limit ? String(page[page.length - 1]?.id) : null,
        },
      };
    },
  );
};
