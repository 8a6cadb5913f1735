// Tenant isolation of the back office's clients, every status written out: reading is clients.view
// (every role but the kiosk), changing and merging clients.manage (Staff+ and up). Roles below
// Manager see only clients seen at their locations: a client seen only at another location, like
// another vendor's, does not exist for them (404); a session on another vendor's host is not signed in.
import { afterAll, beforeAll } from "vitest";
import { addClient, addWalkIn } from "../../../test/factories/clients.ts";
import {
  describeInternalEndpointMatrix,
  type InternalEndpoint,
  type LiteralStatuses,
  type MatrixContext,
} from "../../../test/factories/internal-endpoint-matrix.ts";
import { createService } from "../../../test/factories/services.ts";
import type { StaffWorld } from "../../../test/factories/staff.ts";
import { createStaffWorld } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";

const api = "/api/internal/v1";

const viewers: LiteralStatuses = {
  contact_centre_staff: { own: 200, other_location: 404, other_vendor: 404, foreign_host: 401 },
  kiosk: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  staff: { own: 200, other_location: 404, other_vendor: 404, foreign_host: 401 },
  staff_plus: { own: 200, other_location: 404, other_vendor: 404, foreign_host: 401 },
  staff_advanced: { own: 200, other_location: 404, other_vendor: 404, foreign_host: 401 },
  manager: { own: 200, other_location: 200, other_vendor: 404, foreign_host: 401 },
  admin: { own: 200, other_location: 200, other_vendor: 404, foreign_host: 401 },
  platform_admin: { own: 200, other_location: 200, other_vendor: 404, foreign_host: 401 },
};
const managers: LiteralStatuses = {
  ...viewers,
  contact_centre_staff: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  staff: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
};

/** Per location: the client seen there, and duplicates seen there for merges to use up. */
const seenAt = new Map<number, { id: number; duplicates: number[] }>();
const at = (locationId: number) => seenAt.get(locationId)!;

const endpoints: InternalEndpoint[] = [
  {
    name: "GET /clients",
    method: "GET",
    path: () => `${api}/clients?search=matrix`,
    permission: "clients.view",
    okStatus: 200,
    resource: "none",
    statuses: {
      contact_centre_staff: { own: 200, foreign_host: 401 },
      kiosk: { own: 403, foreign_host: 401 },
      staff: { own: 200, foreign_host: 401 },
      staff_plus: { own: 200, foreign_host: 401 },
      staff_advanced: { own: 200, foreign_host: 401 },
      manager: { own: 200, foreign_host: 401 },
      admin: { own: 200, foreign_host: 401 },
      platform_admin: { own: 200, foreign_host: 401 },
    },
  },
  ...["", "/appointments", "/walk-ins", "/timeline"].map(
    (tab): InternalEndpoint => ({
      name: `GET /clients/{id}${tab}`,
      method: "GET",
      path: ({ location }) => `${api}/clients/${at(location.id).id}${tab}`,
      permission: "clients.view",
      okStatus: 200,
      resource: "location",
      statuses: viewers,
    }),
  ),
  {
    name: "PATCH /clients/{id}",
    method: "PATCH",
    path: ({ location }) => `${api}/clients/${at(location.id).id}`,
    body: () => ({ data: { type: "clients", attributes: { notes: "Matrix" } } }),
    permission: "clients.manage",
    okStatus: 200,
    resource: "location",
    statuses: managers,
  },
  {
    name: "POST /clients/{id}/merge",
    method: "POST",
    path: ({ location }) => `${api}/clients/${at(location.id).id}/merge`,
    // each call merges a duplicate of its own, seen at the same location
    body: ({ location }) => ({
      data: {
        type: "client-merges",
        attributes: { duplicate_id: String(at(location.id).duplicates.pop()) },
      },
    }),
    permission: "clients.manage",
    okStatus: 200,
    resource: "location",
    statuses: managers,
  },
];

let t: Awaited<ReturnType<typeof buildTestApp>>;
let context: MatrixContext;

async function seed(world: StaffWorld) {
  const service = await createService(t.db, world.vendor.id, {
    locationIds: world.locations.map((l) => l.id),
  });
  for (const location of world.locations) {
    const seen = async () => {
      const client = await addClient(t.db, world.vendor.id, { lastName: "Matrix" });
      await addWalkIn(t.db, {
        vendorId: world.vendor.id,
        locationId: location.id,
        serviceId: service.id,
        clientId: client.id,
        createdAt: new Date("2026-11-20T12:00:00Z"),
      });
      return client.id;
    };
    const id = await seen();
    const duplicates: number[] = [];
    for (let i = 0; i < 40; i++) duplicates.push(await seen());
    seenAt.set(location.id, { id, duplicates });
  }
}

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  context = { app: t.app, home: await createStaffWorld(t.db), other: await createStaffWorld(t.db) };
  await seed(context.home);
  await seed(context.other);
});
afterAll(() => t.close());

describeInternalEndpointMatrix("clients × roles × tenants", endpoints, () => context);
