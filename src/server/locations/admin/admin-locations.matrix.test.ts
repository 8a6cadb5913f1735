// Tenant isolation of the back office's locations, every status written out: Admin and up
// (locations.manage, the platform admin too) on any location of their vendor; lower roles 403;
// another vendor's location does not exist; a session replayed on another vendor's host is 401.
import { afterAll, beforeAll } from "vitest";
import {
  describeInternalEndpointMatrix,
  type InternalEndpoint,
  type LiteralStatuses,
  type MatrixContext,
} from "../../../../test/factories/internal-endpoint-matrix.ts";
import { createStaffWorld } from "../../../../test/factories/staff.ts";
import { buildTestApp } from "../../../../test/test-app.ts";

const api = "/api/internal/v1";

const onLocation = (ok: number): LiteralStatuses => ({
  contact_centre_staff: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  kiosk: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  staff: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  staff_plus: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  staff_advanced: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  manager: { own: 403, other_location: 403, other_vendor: 403, foreign_host: 401 },
  admin: { own: ok, other_location: ok, other_vendor: 404, foreign_host: 401 },
  platform_admin: { own: ok, other_location: ok, other_vendor: 404, foreign_host: 401 },
});

const onVendor = (ok: number): LiteralStatuses => ({
  contact_centre_staff: { own: 403, foreign_host: 401 },
  kiosk: { own: 403, foreign_host: 401 },
  staff: { own: 403, foreign_host: 401 },
  staff_plus: { own: 403, foreign_host: 401 },
  staff_advanced: { own: 403, foreign_host: 401 },
  manager: { own: 403, foreign_host: 401 },
  admin: { own: ok, foreign_host: 401 },
  platform_admin: { own: ok, foreign_host: 401 },
});

const endpoints: InternalEndpoint[] = [
  {
    name: "GET /locations",
    method: "GET",
    path: () => `${api}/locations?filter[search]=Branch&sort=name`,
    permission: "locations.manage",
    okStatus: 200,
    resource: "none",
    statuses: onVendor(200),
  },
  {
    name: "POST /locations",
    method: "POST",
    path: () => `${api}/locations`,
    body: () => ({
      data: {
        type: "locations",
        attributes: {
          name: "Matrix Branch",
          address: "1 Grid Road",
          city: "Lisbon",
          country: "PT",
          latitude: 38.72,
          longitude: -9.14,
          timezone: "Europe/Lisbon",
        },
      },
    }),
    permission: "locations.manage",
    okStatus: 201,
    resource: "none",
    statuses: onVendor(201),
  },
  {
    name: "GET /locations/{id}",
    method: "GET",
    path: ({ location }) => `${api}/locations/${location.id}`,
    permission: "locations.manage",
    okStatus: 200,
    resource: "location",
    statuses: onLocation(200),
  },
  {
    name: "PATCH /locations/{id}",
    method: "PATCH",
    path: ({ location }) => `${api}/locations/${location.id}`,
    body: () => ({
      data: { type: "locations", attributes: { instructions: "Use the side door." } },
    }),
    permission: "locations.manage",
    okStatus: 200,
    resource: "location",
    statuses: onLocation(200),
  },
];

let t: Awaited<ReturnType<typeof buildTestApp>>;
let context: MatrixContext;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  context = { app: t.app, home: await createStaffWorld(t.db), other: await createStaffWorld(t.db) };
});
afterAll(() => t.close());

describeInternalEndpointMatrix("back-office locations × roles × tenants", endpoints, () => context);
