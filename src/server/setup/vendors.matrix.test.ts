// The platform admins' vendors × roles, every status written out: only the platform admin (50) may
// list, create, read or change vendors (any vendor, not only the one whose host it signed in on), and
// a session is good only on the host of the vendor it was opened for.
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

const platformOnly = (ok: number): LiteralStatuses => ({
  contact_centre_staff: { own: 403, foreign_host: 401 },
  kiosk: { own: 403, foreign_host: 401 },
  staff: { own: 403, foreign_host: 401 },
  staff_plus: { own: 403, foreign_host: 401 },
  staff_advanced: { own: 403, foreign_host: 401 },
  manager: { own: 403, foreign_host: 401 },
  admin: { own: 403, foreign_host: 401 },
  platform_admin: { own: ok, foreign_host: 401 },
});

/** One vendor by id: the platform admin reaches every vendor, everyone else none. */
const platformOnlyAnyVendor = (ok: number): LiteralStatuses => ({
  contact_centre_staff: { own: 403, other_vendor: 403, foreign_host: 401 },
  kiosk: { own: 403, other_vendor: 403, foreign_host: 401 },
  staff: { own: 403, other_vendor: 403, foreign_host: 401 },
  staff_plus: { own: 403, other_vendor: 403, foreign_host: 401 },
  staff_advanced: { own: 403, other_vendor: 403, foreign_host: 401 },
  manager: { own: 403, other_vendor: 403, foreign_host: 401 },
  admin: { own: 403, other_vendor: 403, foreign_host: 401 },
  platform_admin: { own: ok, other_vendor: ok, foreign_host: 401 },
});

let created = 0;
let renamed = 0;
const endpoints: InternalEndpoint[] = [
  {
    name: "GET /vendors",
    method: "GET",
    path: () => `${api}/vendors`,
    permission: "platform.manage",
    okStatus: 200,
    resource: "none",
    statuses: platformOnly(200),
  },
  {
    name: "POST /vendors",
    method: "POST",
    path: () => `${api}/vendors`,
    body: () => {
      created += 1;
      const slug = `matrix-${created}-${Date.now().toString(36)}`;
      return {
        data: {
          type: "vendors",
          attributes: {
            name: `Matrix ${created}`,
            slug,
            hosts: [`${slug}.example`],
            admin: { first_name: "Ada", last_name: "Ngata", email: `admin@${slug}.example` },
          },
        },
      };
    },
    permission: "platform.manage",
    okStatus: 201,
    resource: "none",
    statuses: platformOnly(201),
  },
  {
    name: "GET /vendors/{id}",
    method: "GET",
    path: ({ world }) => `${api}/vendors/${world.vendor.id}`,
    permission: "platform.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: platformOnlyAnyVendor(200),
  },
  {
    name: "PATCH /vendors/{id}",
    method: "PATCH",
    path: ({ world }) => `${api}/vendors/${world.vendor.id}`,
    body: () => {
      renamed += 1;
      return { data: { type: "vendors", attributes: { name: `Renamed ${renamed}` } } };
    },
    permission: "platform.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: platformOnlyAnyVendor(200),
  },
];

let t: Awaited<ReturnType<typeof buildTestApp>>;
let context: MatrixContext;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  context = { app: t.app, home: await createStaffWorld(t.db), other: await createStaffWorld(t.db) };
});
afterAll(() => t.close());

describeInternalEndpointMatrix("vendors × roles × tenants", endpoints, () => context);
