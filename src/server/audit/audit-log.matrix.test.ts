// Tenant isolation of the audit log, every status written out: a location's history is for those
// who may change locations (Admin and up), hours' history for those who manage hours (Manager up).
import { afterAll, beforeAll } from "vitest";
import {
  describeInternalEndpointMatrix,
  type InternalEndpoint,
  type LiteralStatuses,
  type MatrixContext,
} from "../../../test/factories/internal-endpoint-matrix.ts";
import { createStaffWorld } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";

const api = "/api/internal/v1";

const fromAdmin: LiteralStatuses = {
  contact_centre_staff: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  kiosk: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  staff: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  staff_plus: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  staff_advanced: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  manager: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  admin: { own: 200, other_location: 200, other_vendor: 404, foreign_host: 401 },
  platform_admin: { own: 200, other_location: 200, other_vendor: 404, foreign_host: 401 },
};

const fromManager: LiteralStatuses = {
  ...fromAdmin,
  manager: { own: 200, other_location: 200, other_vendor: 404, foreign_host: 401 },
};

const endpoints: InternalEndpoint[] = [
  {
    name: "GET /audit-log?subject_type=location",
    method: "GET",
    path: ({ location }) => `${api}/audit-log?subject_type=location&subject_id=${location.id}`,
    permission: "locations.manage",
    okStatus: 200,
    resource: "location",
    statuses: fromAdmin,
  },
  {
    name: "GET /audit-log?subject_type=location_hours",
    method: "GET",
    path: ({ location }) =>
      `${api}/audit-log?subject_type=location_hours&subject_id=${location.id}`,
    permission: "hours.manage",
    okStatus: 200,
    resource: "location",
    statuses: fromManager,
  },
];

let t: Awaited<ReturnType<typeof buildTestApp>>;
let context: MatrixContext;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  context = { app: t.app, home: await createStaffWorld(t.db), other: await createStaffWorld(t.db) };
});
afterAll(() => t.close());

describeInternalEndpointMatrix("audit log × roles × tenants", endpoints, () => context);
