// Tenant isolation of the message log: every role × own location, another location of the vendor,
// another vendor's, and the session replayed on another vendor's host.
import { afterAll, beforeAll } from "vitest";
import {
  describeInternalEndpointMatrix,
  type InternalEndpoint,
  type MatrixContext,
} from "../../../../test/factories/internal-endpoint-matrix.ts";
import { createService } from "../../../../test/factories/services.ts";
import { createStaffWorld, type StaffWorld } from "../../../../test/factories/staff.ts";
import { buildTestApp } from "../../../../test/test-app.ts";
import { addVisitor } from "../../lobby/lobby-test-world.ts";

const api = (path: string) => `/api/internal/v1${path}`;

/** One visitor per location of both worlds. */
const visitAt = new Map<number, number>();

const endpoints: InternalEndpoint[] = [
  {
    name: "GET /messages",
    method: "GET",
    path: () => api("/messages"),
    permission: "messages.view",
    okStatus: 200,
    resource: "none",
  },
  {
    name: "GET /messages?location_id",
    method: "GET",
    path: ({ location }) => api(`/messages?location_id=${location.id}`),
    permission: "messages.view",
    okStatus: 200,
    resource: "location",
  },
  {
    name: "GET /queue-appointments/{id}/messages",
    method: "GET",
    path: ({ location }) => api(`/queue-appointments/${visitAt.get(location.id)}/messages`),
    permission: "queue.view",
    okStatus: 200,
    resource: "location",
  },
];

async function addVisitors(t: Awaited<ReturnType<typeof buildTestApp>>, world: StaffWorld) {
  const service = await createService(t.db, world.vendor.id, {
    locationIds: world.locations.map((l) => l.id),
    name: "Accounts",
  });
  for (const location of world.locations) {
    const visit = await addVisitor(t.db, {
      vendorId: world.vendor.id,
      locationId: location.id,
      serviceId: service.id,
    });
    visitAt.set(location.id, visit.id);
  }
}

let t: Awaited<ReturnType<typeof buildTestApp>>;
let context: MatrixContext;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  context = { app: t.app, home: await createStaffWorld(t.db), other: await createStaffWorld(t.db) };
  await addVisitors(t, context.home);
  await addVisitors(t, context.other);
});
afterAll(() => t.close());

describeInternalEndpointMatrix("message log × roles × tenants", endpoints, () => context);
