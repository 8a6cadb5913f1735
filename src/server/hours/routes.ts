// The back office's opening-hours endpoints (hours.manage: Manager and up, vendor-wide):
// weekly hours, dated adjustments (one-off closures and special hours, yearly holidays) and the
// days ahead as visitors will see them. docs/admin-hours.md has the documents.
import { and, asc, eq, gte, lte, or } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adjustmentDocumentSchema,
  adjustmentInputSchema,
  adjustmentListDocumentSchema,
  adjustmentListQuerySchema,
  adjustmentPatchSchema,
  adjustmentPathSchema,
  hoursPreviewDocumentSchema,
  hoursPreviewQuerySchema,
  locationHoursDocumentSchema,
  locationHoursInputSchema,
  locationPathSchema,
} from "../../shared/contracts/location-hours.ts";
import { previewDays } from "../../shared/hour-adjustments.ts";
import { localTime } from "../../shared/opening-hours.ts";
import { requireStaff, staffOf } from "../auth/require-staff.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import { locationHourAdjustments } from "../db/schema.ts";
import { notFound } from "../http/app-error.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses } from "../http/json-api.ts";
import { ifMatchVersion, setVersionTag } from "../http/versioning.ts";
import { findStaffLocation, pathId } from "../lobby/find-staff-location.ts";
import {
  createAdjustment,
  deleteAdjustment,
  saveWeeklyHours,
  updateAdjustment,
} from "./hour-commands.ts";
import { fullWeek, periodsOf, presentAdjustment, presentLocationHours } from "./present-hours.ts";

const tags = ["hours"];

/** The location's local date now; a zone the runtime does not know counts as UTC. */
function todayIn(timezone: string, now: Date): string {
  try {
    return localTime(now, timezone).date;
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

export const hoursRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const preHandler = requireStaff("hours.manage");
  const locationOf = (staff: StaffContext, raw: string) =>
    findStaffLocation(db, staff, pathId(raw));
  const actorOf = (staff: StaffContext) => ({ vendorId: staff.vendorId, userId: staff.user.id });

  app.get(
    "/locations/:id/hours",
    {
      preHandler,
      schema: {
        tags,
        summary: "A location's weekly opening hours (ETag: the location's version)",
        params: locationPathSchema,
        response: { 200: locationHoursDocumentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const location = await locationOf(staffOf(request), request.params.id);
      setVersionTag(reply, location.version);
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data: presentLocationHours(location) };
    },
  );

  app.put(
    "/locations/:id/hours",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Replaces a location's weekly hours (If-Match: the location's version); a close before an open is refused",
        params: locationPathSchema,
        body: locationHoursInputSchema,
        response: {
          200: locationHoursDocumentSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const expected = ifMatchVersion(request);
      const location = await locationOf(staff, request.params.id);
      const weekly = fullWeek(request.body.data.attributes.weekly);
      const saved = await saveWeeklyHours(
        db,
        app.events,
        actorOf(staff),
        location.id,
        weekly,
        expected,
      );
      setVersionTag(reply, saved.version);
      reply.type(JSON_API);
      return { data: presentLocationHours(saved) };
    },
  );

  app.get(
    "/locations/:id/hours/preview",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "The next days (default 14) as visitors will see them: weekly hours with adjustments applied, in the location's zone",
        params: locationPathSchema,
        querystring: hoursPreviewQuerySchema,
        response: { 200: hoursPreviewDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const location = await locationOf(staffOf(request), request.params.id);
      const today = todayIn(location.timezone, new Date());
      const rules = await db
        .select()
        .from(locationHourAdjustments)
        .where(eq(locationHourAdjustments.locationId, location.id))
        .orderBy(asc(locationHourAdjustments.id));
      const days = previewDays(
        location.hours,
        rules.map((rule) => ({ ...rule, hours: rule.hours ?? null })),
        today,
        request.query.days ?? 14,
      );
      reply.type(JSON_API).header("cache-control", "no-store");
      return {
        data: days.map((day) => ({
          type: "location-hour-days" as const,
          id: day.date,
          attributes: {
            date: day.date,
            weekday: day.weekday,
            hours: periodsOf(day.hours),
            adjustment: day.adjustment && {
              id: String(day.adjustment.id),
              name: day.adjustment.name,
              recurs_yearly: day.adjustment.recursYearly,
            },
          },
        })),
        meta: { timezone: location.timezone },
      };
    },
  );

  app.get(
    "/locations/:id/adjustments",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "A location's holidays, closures and special hours between two dates (default: from today on), yearly ones always",
        params: locationPathSchema,
        querystring: adjustmentListQuerySchema,
        response: { 200: adjustmentListDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const location = await locationOf(staffOf(request), request.params.id);
      const today = todayIn(location.timezone, new Date());
      const from = request.query.from ?? today;
      const to = request.query.to ?? null;
      const a = locationHourAdjustments;
      const rows = await db
        .select()
        .from(a)
        .where(
          and(
            eq(a.locationId, location.id),
            eq(a.vendorId, location.vendorId),
            or(
              eq(a.recursYearly, true),
              and(gte(a.day, from), to === null ? undefined : lte(a.day, to)),
            ),
          ),
        )
        .orderBy(asc(a.day), asc(a.id))
        .limit(1000);
      const data = rows.map((row) => presentAdjustment(row, today));
      // By the date each one next applies on (a yearly one: its next date), then by date.
      data.sort((x, y) =>
        (x.attributes.next_date ?? x.attributes.date).localeCompare(
          y.attributes.next_date ?? y.attributes.date,
        ),
      );
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data, meta: { from, to, timezone: location.timezone, today } };
    },
  );

  app.post(
    "/locations/:id/adjustments",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Adds a holiday, a closure or special hours on one date, or every year on that month-day",
        params: locationPathSchema,
        body: adjustmentInputSchema,
        response: { 201: adjustmentDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const location = await locationOf(staff, request.params.id);
      const input = request.body.data.attributes;
      const row = await createAdjustment(db, app.events, actorOf(staff), location.id, {
        day: input.date,
        name: input.name || null,
        hours: input.hours,
        recursYearly: input.recurs_yearly ?? false,
      });
      setVersionTag(reply, row.version);
      reply.code(201).type(JSON_API);
      return { data: presentAdjustment(row, todayIn(location.timezone, new Date())) };
    },
  );

  app.patch(
    "/locations/:id/adjustments/:adjustmentId",
    {
      preHandler,
      schema: {
        tags,
        summary: "Changes a holiday, closure or special hours (If-Match: its version)",
        params: adjustmentPathSchema,
        body: adjustmentPatchSchema,
        response: {
          200: adjustmentDocumentSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const expected = ifMatchVersion(request);
      const location = await locationOf(staff, request.params.id);
      const id = pathId(request.params.adjustmentId);
      if (id === 0) throw notFound();
      const today = todayIn(location.timezone, new Date());
      const input = request.body.data.attributes;
      const row = await updateAdjustment(
        db,
        app.events,
        actorOf(staff),
        { locationId: location.id, id, today },
        {
          ...(input.date === undefined ? {} : { day: input.date }),
          ...(input.name === undefined ? {} : { name: input.name || null }),
          ...(input.hours === undefined ? {} : { hours: input.hours }),
          ...(input.recurs_yearly === undefined ? {} : { recursYearly: input.recurs_yearly }),
        },
        expected,
      );
      setVersionTag(reply, row.version);
      reply.type(JSON_API);
      return { data: presentAdjustment(row, today) };
    },
  );

  app.delete(
    "/locations/:id/adjustments/:adjustmentId",
    {
      preHandler,
      schema: {
        tags,
        summary: "Removes a holiday, closure or special hours (If-Match: its version)",
        params: adjustmentPathSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const expected = ifMatchVersion(request);
      const location = await locationOf(staff, request.params.id);
      const id = pathId(request.params.adjustmentId);
      if (id === 0) throw notFound();
      await deleteAdjustment(
        db,
        app.events,
        actorOf(staff),
        { locationId: location.id, id, today: todayIn(location.timezone, new Date()) },
        expected,
      );
      return reply.code(204).send(null);
    },
  );
};
