// Tenant isolation of bulk onboarding, every status written out: locations by CSV need
// locations.manage (Admin and up, the platform admin too), staff by CSV staff.manage (Manager and
// up); lower roles 403; a session replayed on another vendor's host is 401. The file names no
// tenant: what it touches is the caller's vendor.
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

const adminsOnly = (ok: number): LiteralStatuses => ({
  contact_centre_staff: { own: 403, foreign_host: 401 },
  kiosk: { own: 403, foreign_host: 401 },
  staff: { own: 403, foreign_host: 401 },
  staff_plus: { own: 403, foreign_host: 401 },
  staff_advanced: { own: 403, foreign_host: 401 },
  manager: { own: 403, foreign_host: 401 },
  admin: { own: ok, foreign_host: 401 },
  platform_admin: { own: ok, foreign_host: 401 },
});

const managersUp = (ok: number): LiteralStatuses => ({
  contact_centre_staff: { own: 403, foreign_host: 401 },
  kiosk: { own: 403, foreign_host: 401 },
  staff: { own: 403, foreign_host: 401 },
  staff_plus: { own: 403, foreign_host: 401 },
  staff_advanced: { own: 403, foreign_host: 401 },
  manager: { own: ok, foreign_host: 401 },
  admin: { own: ok, foreign_host: 401 },
  platform_admin: { own: ok, foreign_host: 401 },
});

const endpoints: InternalEndpoint[] = [
  {
    name: "POST /imports/locations",
    method: "POST",
    path: () => `${api}/imports/locations`,
    body: () => ({
      data: {
        type: "csv-imports",
        attributes: {
          csv: "name,address,city,country,latitude,longitude,timezone\nMatrix Branch,1 Grid Road,Lisbon,PT,38.72,-9.14,Europe/Lisbon\n",
          dry_run: true,
        },
      },
    }),
    permission: "locations.manage",
    okStatus: 200,
    resource: "none",
    statuses: adminsOnly(200),
  },
  {
    name: "GET /exports/locations.csv",
    method: "GET",
    path: () => `${api}/exports/locations.csv`,
    permission: "locations.manage",
    okStatus: 200,
    resource: "none",
    statuses: adminsOnly(200),
  },
  {
    name: "POST /imports/staff",
    method: "POST",
    path: () => `${api}/imports/staff`,
    body: () => ({
      data: {
        type: "csv-imports",
        attributes: {
          csv: "email,first_name,last_name,role\nmatrix.teller@matrix.example,Ola,Kowalska,Staff\n",
          dry_run: true,
        },
      },
    }),
    permission: "staff.manage",
    okStatus: 200,
    resource: "none",
    statuses: managersUp(200),
  },
  {
    name: "GET /exports/staff.csv",
    method: "GET",
    path: () => `${api}/exports/staff.csv`,
    permission: "staff.manage",
    okStatus: 200,
    resource: "none",
    statuses: managersUp(200),
  },
];

let t: Awaited<ReturnType<typeof buildTestApp>>;
let context: MatrixContext;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  context = { app: t.app, home: await createStaffWorld(t.db), other: await createStaffWorld(t.db) };
});
afterAll(() => t.close());

describeInternalEndpointMatrix("bulk onboarding × roles × tenants", endpoints, () => context);
