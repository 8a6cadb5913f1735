// Tenant isolation of the dashboard: every role, for all its locations and for one location of its
// own, of another of the vendor's, of another vendor, and with the session on another vendor's host.
import { afterAll, beforeAll } from "vitest";
import {
  describeInternalEndpointMatrix,
  type InternalEndpoint,
  type MatrixContext,
} from "../../../test/factories/internal-endpoint-matrix.ts";
import { createStaffWorld } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";

const endpoints: InternalEndpoint[] = [
  {
    name: "GET /dashboard",
    method: "GET",
    path: () => "/api/internal/v1/dashboard",
    permission: "dashboard.view",
    okStatus: 200,
    resource: "none",
  },
  {
    name: "GET /dashboard?location_id",
    method: "GET",
    path: ({ location }) => `/api/internal/v1/dashboard?date=2030-01-15&location_id=${location.id}`,
    permission: "dashboard.view",
    okStatus: 200,
    resource: "location",
  },
];

let t: Awaited<ReturnType<typeof buildTestApp>>;
let context: MatrixContext;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  context = { app: t.app, home: await createStaffWorld(t.db), other: await createStaffWorld(t.db) };
});
afterAll(() => t.close());

describeInternalEndpointMatrix("dashboard × roles × tenants", endpoints, () => context);
