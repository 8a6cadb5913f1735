// The dashboard of GET /api/internal/v1/dashboard: for each location the caller may see, one local
// day's figures. Two queries whatever the number of locations: the locations, then their visits.
import { and, asc, eq, gte, inArray, isNull, lt, or } from "drizzle-orm";
import type { StaffContext } from "../auth/staff-context.ts";
import type { DbOrTx } from "../db/client.ts";
import { locations, queueAppointments } from "../db/schema.ts";
import { findStaffLocation } from "../lobby/find-staff-location.ts";
import { locationScope } from "../permissions/tenant-scope.ts";
import { type LocalDay, localDayAt, localDayOf } from "../scheduling/local-day.ts";
import { type DashboardVisit, summarizeLocationDay } from "./summarize-location-day.ts";

/** A queue visit is over within a day; visitors who joined this long before the day are not read. */
const LOOK_BACK_MS = 2 * 24 * 60 * 60 * 1000;

type Place = { id: number; name: string; timezone: string };

export async function loadDashboard(
  db: DbOrTx,
  options: { staff: StaffContext; date?: string | undefined; locationId?: number; now?: Date },
) {
  const { staff } = options;
  const now = options.now ?? new Date();
  const places: Place[] =
    options.locationId === undefined
      ? await db
          .select({ id: locations.id, name: locations.name, timezone: locations.timezone })
          .from(locations)
          .where(
            and(
              locationScope(staff, {
                vendorColumn: locations.vendorId,
                locationColumn: locations.id,
              }),
              isNull(locations.archivedAt),
            ),
          )
          .orderBy(asc(locations.sortOrder), asc(locations.name), asc(locations.id))
      : [await findStaffLocation(db, staff, options.locationId)];
  if (places.length === 0) return { data: [], meta: { generated_at: now.toISOString() } };

  const days = places.map((place) => {
    const today = localDayAt(now, place.timezone);
    const day: LocalDay = options.date ? localDayOf(options.date, place.timezone) : today;
    return { place, day, live: day.date === today.date };
  });
  const from = Math.min(...days.map(({ day }) => day.start.getTime())) - LOOK_BACK_MS;
  const to = Math.max(...days.map(({ day }) => day.end.getTime()));

  const q = queueAppointments;
  const rows = await db
    .select({
      locationId: q.locationId,
      status: q.status,
      createdAt: q.createdAt,
      queuedAt: q.queuedAt,
      startedAt: q.startedAt,
      endedAt: q.endedAt,
      actualWaitSeconds: q.actualWaitSeconds,
      quotedWaitSeconds: q.quotedWaitSeconds,
    })
    .from(q)
    .where(
      and(
        eq(q.vendorId, staff.vendorId),
        inArray(
          q.locationId,
          places.map((place) => place.id),
        ),
        or(
          inArray(q.status, ["waiting", "in_progress"]),
          and(gte(q.createdAt, new Date(from)), lt(q.createdAt, new Date(to))),
        ),
      ),
    );
  const visitsByLocation = new Map<number, DashboardVisit[]>();
  for (const row of rows) {
    const list = visitsByLocation.get(row.locationId) ?? [];
    list.push(row);
    visitsByLocation.set(row.locationId, list);
  }

  return {
    data: days.map(({ place, day, live }) => ({
      type: "location-days" as const,
      id: `${place.id}:${day.date}`,
      attributes: {
        location_id: String(place.id),
        location_name: place.name,
        timezone: place.timezone,
        date: day.date,
        live,
        ...summarizeLocationDay(visitsByLocation.get(place.id) ?? [], day, live ? { now } : null),
      },
    })),
    meta: { generated_at: now.toISOString() },
  };
}
