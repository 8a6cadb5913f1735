// Bulk onboarding under /api/internal/v1 (docs/admin-import.md): POST /imports/{kind} checks a
// CSV file (dry_run true) or imports it all or nothing (dry_run false); GET /exports/{kind}.csv
// downloads the file the import reads back. Locations need locations.manage (Admin and up); staff
// need staff.manage (Manager and up), with the role ceiling applied row by row.
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CSV_MAX_CHARACTERS,
  type CsvImportReport,
  csvImportDocumentSchema,
  csvImportReportSchema,
  csvImportRequestSchema,
} from "../../shared/contracts/csv-import.ts";
import { requireStaff, staffOf } from "../auth/require-staff.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorDocumentSchema, errorResponses } from "../http/json-api.ts";
import { exportLocationsCsv, importLocationsCsv } from "./location-import.ts";
import { exportStaffCsv, importStaffCsv } from "./staff-import.ts";

const tags = ["imports"];
/** A JSON document holding the file: the file's own characters plus the envelope. */
const BODY_LIMIT = CSV_MAX_CHARACTERS * 2 + 64 * 1024;

/** 422 csv_rows_invalid carries the report: what is wrong, row by row; nothing was written. */
const rowsInvalidSchema = errorDocumentSchema.extend({
  meta: z.object({ report: csvImportReportSchema }).optional(),
});

const csvResponse = z.string().describe("text/csv; charset=utf-8, a first row of column names");

const actorOf = (staff: StaffContext) => ({
  id: staff.user.id,
  roleLevel: staff.roleLevel,
  vendorId: staff.vendorId,
});

/** A CSV download named after its kind and today's date, never cached. */
function sendCsv(reply: FastifyReply, name: string, csv: string): string {
  const day = new Date().toISOString().slice(0, 10);
  reply
    .type("text/csv; charset=utf-8")
    .header("cache-control", "no-store")
    .header("content-disposition", `attachment; filename="${name}-${day}.csv"`);
  return csv;
}

/** The report of a check or an import, as the JSON:API document of both. */
function sendReport(reply: FastifyReply, report: CsvImportReport) {
  reply.type(JSON_API).header("cache-control", "no-store");
  return { data: { type: "csv-imports" as const, attributes: report } };
}

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const manageLocations = requireStaff("locations.manage");
  const manageStaff = requireStaff("staff.manage");

  app.post(
    "/imports/locations",
    {
      preHandler: manageLocations,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Checks (dry_run) or imports a CSV of locations with their weekly hours, all or nothing",
        body: csvImportRequestSchema,
        response: {
          200: csvImportDocumentSchema,
          ...errorResponses(400, 401, 403, 413),
          422: rowsInvalidSchema,
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const { csv, dry_run } = request.body.data.attributes;
      const report = await importLocationsCsv(
        {
          db,
          events: app.events,
          vendorId: staff.vendorId,
          userId: staff.user.id,
          now: new Date(),
        },
        csv,
        dry_run,
      );
      return sendReport(reply, report);
    },
  );

  app.get(
    "/exports/locations.csv",
    {
      preHandler: manageLocations,
      schema: {
        tags,
        summary: "Every location, archived ones too, as the CSV the import reads",
        produces: ["text/csv"],
        response: { 200: csvResponse, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) =>
      sendCsv(reply, "locations", await exportLocationsCsv(db, staffOf(request).vendorId)),
  );

  app.post(
    "/imports/staff",
    {
      preHandler: manageStaff,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Checks (dry_run) or imports a CSV of staff with roles and locations, all or nothing; invite emails the new ones",
        body: csvImportRequestSchema,
        response: {
          200: csvImportDocumentSchema,
          ...errorResponses(400, 401, 403, 413),
          422: rowsInvalidSchema,
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const { csv, dry_run, invite } = request.body.data.attributes;
      const report = await importStaffCsv(
        {
          db,
          events: app.events,
          jobs: app.jobs,
          sessions: app.staffSessionRevocations,
          actor: actorOf(staff),
          requestHost: request.hostname,
          now: new Date(),
        },
        csv,
        dry_run,
        { invite: invite ?? true },
      );
      return sendReport(reply, report);
    },
  );

  app.get(
    "/exports/staff.csv",
    {
      preHandler: manageStaff,
      schema: {
        tags,
        summary: "Every staff member the caller may see, as the CSV the import reads",
        produces: ["text/csv"],
        response: { 200: csvResponse, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) =>
      sendCsv(reply, "staff", await exportStaffCsv(db, actorOf(staffOf(request)))),
  );
};
