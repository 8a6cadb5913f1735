// Tenant isolation of the rooms administration, every status written out: rooms are hours.manage
// (Manager and up, who act at every location of their vendor); another vendor's room does not
// exist (404), nor may a room be created at another vendor's location (422); a session on another
// vendor's host is not signed in (401).
import { afterAll, beforeAll } from "vitest";
import {
  describeInternalEndpointMatrix,
  type InternalEndpoint,
  type LiteralStatuses,
  type MatrixContext,
} from "../../../test/factories/internal-endpoint-matrix.ts";
import { createStaffWorld, type StaffWorld } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { rooms } from "../db/schema.ts";

const api = "/api/internal/v1";

/** Manager and up, on their own vendor's rooms. */
const managerOnly = (ok: number, otherVendor: number): LiteralStatuses => ({
  contact_centre_staff: { own: 403, other_vendor: 403, foreign_host: 401 },
  kiosk: { own: 403, other_vendor: 403, foreign_host: 401 },
  staff: { own: 403, other_vendor: 403, foreign_host: 401 },
  staff_plus: { own: 403, other_vendor: 403, foreign_host: 401 },
  staff_advanced: { own: 403, other_vendor: 403, foreign_host: 401 },
  manager: { own: ok, other_vendor: otherVendor, foreign_host: 401 },
  admin: { own: ok, other_vendor: otherVendor, foreign_host: 401 },
  platform_admin: { own: ok, other_vendor: otherVendor, foreign_host: 401 },
});

const roomIds = new Map<number, number>();
const of = (world: StaffWorld) => roomIds.get(world.vendor.id)!;
let created = 0;

const endpoints: InternalEndpoint[] = [
  {
    name: "GET /rooms",
    method: "GET",
    path: () => `${api}/rooms`,
    permission: "hours.manage",
    okStatus: 200,
    resource: "none",
    statuses: {
      contact_centre_staff: { own: 403, foreign_host: 401 },
      kiosk: { own: 403, foreign_host: 401 },
      staff: { own: 403, foreign_host: 401 },
      staff_plus: { own: 403, foreign_host: 401 },
      staff_advanced: { own: 403, foreign_host: 401 },
      manager: { own: 200, foreign_host: 401 },
      admin: { own: 200, foreign_host: 401 },
      platform_admin: { own: 200, foreign_host: 401 },
    },
  },
  {
    name: "POST /rooms",
    method: "POST",
    path: () => `${api}/rooms`,
    // At the target world's location, each call its own name: a name is taken once per location.
    body: ({ world }) => ({
      data: {
        type: "rooms",
        attributes: {
          location_id: String(world.locations[0].id),
          name: `Matrix ${++created}`,
          capacity: 4,
        },
      },
    }),
    permission: "hours.manage",
    okStatus: 201,
    resource: "vendor",
    statuses: managerOnly(201, 422),
  },
  {
    name: "GET /rooms/{id}",
    method: "GET",
    path: ({ world }) => `${api}/rooms/${of(world)}`,
    permission: "hours.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: managerOnly(200, 404),
  },
  {
    name: "PATCH /rooms/{id}",
    method: "PATCH",
    path: ({ world }) => `${api}/rooms/${of(world)}`,
    body: () => ({ data: { type: "rooms", attributes: { capacity: 8 } } }),
    permission: "hours.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: managerOnly(200, 404),
  },
  {
    name: "GET /audit-log?subject_type=room",
    method: "GET",
    path: ({ world }) => `${api}/audit-log?subject_type=room&subject_id=${of(world)}`,
    permission: "hours.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: managerOnly(200, 404),
  },
];

let t: Awaited<ReturnType<typeof buildTestApp>>;
let context: MatrixContext;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  context = { app: t.app, home: await createStaffWorld(t.db), other: await createStaffWorld(t.db) };
  for (const world of [context.home, context.other]) {
    const [room] = await t.db
      .insert(rooms)
      .values({
        vendorId: world.vendor.id,
        locationId: world.locations[0].id,
        name: "Matrix room",
        capacity: 2,
      })
      .returning();
    roomIds.set(world.vendor.id, room!.id);
  }
});
afterAll(() => t.close());

describeInternalEndpointMatrix("rooms administration × roles × tenants", endpoints, () => context);
