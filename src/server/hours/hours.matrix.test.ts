// Tenant isolation of the opening-hours endpoints, every status written out: hours.manage is
// Manager and up, vendor-wide (a manager edits every location's hours of their vendor); lower
// roles get 403, another vendor's location is not found, a session on another vendor's host 401.
import { afterAll, beforeAll } from "vitest";
import {
  describeInternalEndpointMatrix,
  type EndpointTarget,
  type InternalEndpoint,
  type LiteralStatuses,
  type MatrixContext,
} from "../../../test/factories/internal-endpoint-matrix.ts";
import { createStaffWorld } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { locationHourAdjustments } from "../db/schema.ts";

const api = "/api/internal/v1";

const managerUp = (ok: number): LiteralStatuses => ({
  contact_centre_staff: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  kiosk: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  staff: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  staff_plus: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  staff_advanced: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  manager: { own: ok, other_location: ok, other_vendor: 404, foreign_host: 401 },
  admin: { own: ok, other_location: ok, other_vendor: 404, foreign_host: 401 },
  platform_admin: { own: ok, other_location: ok, other_vendor: 404, foreign_host: 401 },
});

const week = {
  monday: { open: "09:00", closed: "17:00" },
  tuesday: { open: "09:00", closed: "17:00" },
  wednesday: null,
  thursday: { open: "09:00", closed: "17:00" },
  friday: { open: "09:00", closed: "17:00" },
  saturday: { open: "10:00", closed: "13:00" },
  sunday: null,
};

/** Adjustments made up front per location: PATCH edits the first, each DELETE takes the next. */
const ready = new Map<number, number[]>();
let created = 0;
/** A date no other POST of this test used (2031-01-01, 2031-01-02, …). */
const freshDate = () => {
  created += 1;
  return new Date(Date.UTC(2031, 0, created)).toISOString().slice(0, 10);
};
const adjustmentOf = (target: EndpointTarget, take: boolean) => {
  const ids = ready.get(target.location.id) ?? [];
  return take ? (ids.pop() ?? 0) : (ids[0] ?? 0);
};
const adjustmentDoc = (attributes: object) => ({
  data: { type: "location-hour-adjustments", attributes },
});

const endpoints: InternalEndpoint[] = [
  {
    name: "GET /locations/{id}/hours",
    method: "GET",
    path: ({ location }) => `${api}/locations/${location.id}/hours`,
    permission: "hours.manage",
    okStatus: 200,
    resource: "location",
    statuses: managerUp(200),
  },
  {
    name: "PUT /locations/{id}/hours",
    method: "PUT",
    path: ({ location }) => `${api}/locations/${location.id}/hours`,
    body: () => ({ data: { type: "location-hours", attributes: { weekly: week } } }),
    permission: "hours.manage",
    okStatus: 200,
    resource: "location",
    statuses: managerUp(200),
  },
  {
    name: "GET /locations/{id}/hours/preview",
    method: "GET",
    path: ({ location }) => `${api}/locations/${location.id}/hours/preview?days=14`,
    permission: "hours.manage",
    okStatus: 200,
    resource: "location",
    statuses: managerUp(200),
  },
  {
    name: "GET /locations/{id}/adjustments",
    method: "GET",
    path: ({ location }) => `${api}/locations/${location.id}/adjustments`,
    permission: "hours.manage",
    okStatus: 200,
    resource: "location",
    statuses: managerUp(200),
  },
  {
    name: "POST /locations/{id}/adjustments",
    method: "POST",
    path: ({ location }) => `${api}/locations/${location.id}/adjustments`,
    body: () => adjustmentDoc({ date: freshDate(), name: "Closed", hours: null }),
    permission: "hours.manage",
    okStatus: 201,
    resource: "location",
    statuses: managerUp(201),
  },
  {
    name: "PATCH /locations/{id}/adjustments/{adjustmentId}",
    method: "PATCH",
    path: (target) =>
      `${api}/locations/${target.location.id}/adjustments/${adjustmentOf(target, false)}`,
    body: () => adjustmentDoc({ name: "Renamed" }),
    permission: "hours.manage",
    okStatus: 200,
    resource: "location",
    statuses: managerUp(200),
  },
  {
    name: "DELETE /locations/{id}/adjustments/{adjustmentId}",
    method: "DELETE",
    path: (target) =>
      `${api}/locations/${target.location.id}/adjustments/${adjustmentOf(target, true)}`,
    permission: "hours.manage",
    okStatus: 204,
    resource: "location",
    statuses: managerUp(204),
  },
];

let t: Awaited<ReturnType<typeof buildTestApp>>;
let context: MatrixContext;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  context = { app: t.app, home: await createStaffWorld(t.db), other: await createStaffWorld(t.db) };
  const targets = [
    [context.home.vendor.id, context.home.locations[0].id],
    [context.home.vendor.id, context.home.locations[1].id],
    [context.other.vendor.id, context.other.locations[0].id],
  ] as const;
  for (const [vendorId, locationId] of targets) {
    const rows = await t.db
      .insert(locationHourAdjustments)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          vendorId,
          locationId,
          day: new Date(Date.UTC(2032, 0, i + 1)).toISOString().slice(0, 10),
          hours: null,
        })),
      )
      .returning({ id: locationHourAdjustments.id });
    ready.set(
      locationId,
      rows.map((row) => row.id),
    );
  }
});
afterAll(() => t.close());

describeInternalEndpointMatrix("opening hours × roles × tenants", endpoints, () => context);
