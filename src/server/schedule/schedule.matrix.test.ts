// Tenant isolation of the schedule endpoints, every status written out. schedule.view and
// appointments.book reach contact centre agents and Staff and up, appointments.serve Staff and up;
// kiosks none. Below Manager only one's own locations: another location's schedule or appointment
// is not found (404), a booking there is refused like an unknown location (422); another vendor's
// likewise; a session on another vendor's host is not signed in (401).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import {
  describeInternalEndpointMatrix,
  type InternalEndpoint,
  type LiteralStatuses,
  type MatrixContext,
} from "../../../test/factories/internal-endpoint-matrix.ts";
import { createService } from "../../../test/factories/services.ts";
import {
  createStaffUser,
  createStaffWorld,
  type StaffWorld,
} from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { appointments } from "../db/schema.ts";

const api = "/api/internal/v1";

/** Seen by contact centre and Staff and up: below Manager at their own location only. */
const seen = (ok: number, elsewhere: number): LiteralStatuses => ({
  contact_centre_staff: {
    own: ok,
    other_location: elsewhere,
    other_vendor: elsewhere,
    foreign_host: 401,
  },
  kiosk: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  staff: { own: ok, other_location: elsewhere, other_vendor: elsewhere, foreign_host: 401 },
  staff_plus: { own: ok, other_location: elsewhere, other_vendor: elsewhere, foreign_host: 401 },
  staff_advanced: {
    own: ok,
    other_location: elsewhere,
    other_vendor: elsewhere,
    foreign_host: 401,
  },
  manager: { own: ok, other_location: ok, other_vendor: elsewhere, foreign_host: 401 },
  admin: { own: ok, other_location: ok, other_vendor: elsewhere, foreign_host: 401 },
  platform_admin: { own: ok, other_location: ok, other_vendor: elsewhere, foreign_host: 401 },
});
/** Served by Staff and up only: the contact centre may book and cancel, not serve. */
const served = (ok: number, elsewhere: number): LiteralStatuses => ({
  ...seen(ok, elsewhere),
  contact_centre_staff: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
});

const services = new Map<number, number>();
/** per location: confirmed appointments for the PATCH cases to change, one each */
const pools = new Map<number, number[]>();
const next = (locationId: number) => pools.get(locationId)!.shift()!;
const peek = (locationId: number) => pools.get(locationId)![0]!;

// Each booking its own hour of a Monday in early 2031 (EST): no two calls want the same time.
let bookings = 0;
function nextStart(): string {
  const n = bookings++;
  const day = new Date(Date.UTC(2031, 0, 6 + 7 * Math.floor(n / 8)));
  const hour = String(9 + (n % 8)).padStart(2, "0");
  return `${day.toISOString().slice(0, 10)}T${hour}:00:00-05:00`;
}

const endpoints: InternalEndpoint[] = [
  {
    name: "GET /schedule",
    method: "GET",
    path: ({ location }) => `${api}/schedule?location_id=${location.id}&date=2031-01-06&days=7`,
    permission: "schedule.view",
    okStatus: 200,
    resource: "location",
    statuses: seen(200, 404),
  },
  {
    name: "GET /availability",
    method: "GET",
    path: ({ world, location }) =>
      `${api}/availability?location_id=${location.id}&service_id=${services.get(world.vendor.id)}&from=2031-01-06&to=2031-01-06`,
    permission: "schedule.view",
    okStatus: 200,
    resource: "location",
    statuses: seen(200, 404),
  },
  {
    name: "POST /appointments",
    method: "POST",
    path: () => `${api}/appointments`,
    body: ({ world, location }) => ({
      data: {
        type: "appointments",
        attributes: {
          location_id: String(location.id),
          service_id: String(services.get(world.vendor.id)),
          start: nextStart(),
        },
        relationships: {
          client: {
            data: {
              type: "clients",
              attributes: { first_name: "Matrix", last_name: "Client", email: "m@x.test" },
            },
          },
        },
      },
    }),
    permission: "appointments.book",
    okStatus: 201,
    resource: "location",
    statuses: seen(201, 422),
  },
  {
    name: "GET /appointments/{id}",
    method: "GET",
    path: ({ location }) => `${api}/appointments/${peek(location.id)}`,
    permission: "schedule.view",
    okStatus: 200,
    resource: "location",
    statuses: seen(200, 404),
  },
  {
    name: "PATCH /appointments/{id} (cancel)",
    method: "PATCH",
    path: ({ location }) => `${api}/appointments/${next(location.id)}`,
    body: () => ({ data: { type: "appointments", attributes: { status: 4 } } }),
    permission: "appointments.book",
    okStatus: 200,
    resource: "location",
    statuses: seen(200, 404),
  },
  {
    name: "PATCH /appointments/{id} (arrived)",
    method: "PATCH",
    path: ({ location }) => `${api}/appointments/${next(location.id)}`,
    body: () => ({ data: { type: "appointments", attributes: { arrived: true } } }),
    permission: "appointments.serve",
    okStatus: 200,
    resource: "location",
    statuses: served(200, 404),
  },
  {
    // An appointment's history, for those who may book: below Manager at their own locations only.
    name: "GET /audit-log?subject_type=appointment",
    method: "GET",
    path: ({ location }) =>
      `${api}/audit-log?subject_type=appointment&subject_id=${peek(location.id)}`,
    permission: "appointments.book",
    okStatus: 200,
    resource: "location",
    statuses: seen(200, 404),
  },
];

let t: Awaited<ReturnType<typeof buildTestApp>>;
let context: MatrixContext;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  context = { app: t.app, home: await createStaffWorld(t.db), other: await createStaffWorld(t.db) };
  for (const world of [context.home, context.other] as StaffWorld[]) {
    const locationIds = world.locations.map((l) => l.id);
    const service = await createService(t.db, world.vendor.id, {
      locationIds,
      durationMinutes: 30,
    });
    services.set(world.vendor.id, service.id);
    // someone to serve at the second location too (the roles below Manager work at the first)
    await createStaffUser(t.db, {
      vendorId: world.vendor.id,
      roleLevel: ROLES.staff,
      locationIds: [world.locations[1].id],
    });
    for (const [index, locationId] of locationIds.entries()) {
      const rows = await t.db
        .insert(appointments)
        .values(
          Array.from({ length: 40 }, (_, n) => ({
            vendorId: world.vendor.id,
            locationId,
            serviceId: service.id,
            status: 1,
            startsAt: new Date(Date.UTC(2032, index, 1 + n, 15)),
            endsAt: new Date(Date.UTC(2032, index, 1 + n, 16)),
            confirmCode: randomBytes(8).toString("hex").toUpperCase(),
          })),
        )
        .returning({ id: appointments.id });
      pools.set(
        locationId,
        rows.map((row) => row.id),
      );
    }
  }
});
afterAll(() => t.close());

describeInternalEndpointMatrix("schedule × roles × tenants", endpoints, () => context);
