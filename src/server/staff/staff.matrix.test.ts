// Staff administration × roles × tenants, every status written out. staff.manage is Manager and up;
// on top of it the role ceiling: a manager changes only staff below manager and gives only those
// roles, an admin up to admin; another vendor's staff member does not exist (404).
import { afterAll, beforeAll } from "vitest";
import {
  describeInternalEndpointMatrix,
  type InternalEndpoint,
  type LiteralStatuses,
  type MatrixContext,
} from "../../../test/factories/internal-endpoint-matrix.ts";
import { createStaffWorld } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";

const api = "/api/internal/v1";
const denied = { own: 403, other_vendor: 403, foreign_host: 401 };

/** A staff member of the vendor (or of the other vendor): Manager and up, scoped to the vendor. */
const managerUp = (ok: number): LiteralStatuses => ({
  contact_centre_staff: denied,
  kiosk: denied,
  staff: denied,
  staff_plus: denied,
  staff_advanced: denied,
  manager: { own: ok, other_vendor: 404, foreign_host: 401 },
  admin: { own: ok, other_vendor: 404, foreign_host: 401 },
  platform_admin: { own: ok, other_vendor: 404, foreign_host: 401 },
});

/** The same, when the target is an admin: above a manager's ceiling. */
const adminUp = (ok: number): LiteralStatuses => ({
  ...managerUp(ok),
  manager: { own: 403, other_vendor: 404, foreign_host: 401 },
});

/** Inviting (no target): whether the role asked for is one the caller may give. */
const deniedNone = { own: 403, foreign_host: 401 };
const invite = (manager: number, admin: number, platform: number): LiteralStatuses => ({
  contact_centre_staff: deniedNone,
  kiosk: deniedNone,
  staff: deniedNone,
  staff_plus: deniedNone,
  staff_advanced: deniedNone,
  manager: { own: manager, foreign_host: 401 },
  admin: { own: admin, foreign_host: 401 },
  platform_admin: { own: platform, foreign_host: 401 },
});

let invites = 0;
const invitation = (roleLevel: number) => () => ({
  data: {
    type: "staff",
    attributes: {
      email: `matrix-${++invites}-${Date.now()}@staff.test`,
      first_name: "Matrix",
      last_name: "Person",
      role_level: roleLevel,
    },
  },
});

const names = { data: { type: "staff", attributes: { first_name: "Role", last_name: "Ten" } } };

const endpoints: InternalEndpoint[] = [
  {
    name: "GET /staff",
    method: "GET",
    path: () => `${api}/staff`,
    permission: "staff.manage",
    okStatus: 200,
    resource: "none",
    statuses: invite(200, 200, 200),
  },
  {
    name: "POST /staff (a staff member)",
    method: "POST",
    path: () => `${api}/staff`,
    body: invitation(ROLES.staff),
    permission: "staff.manage",
    okStatus: 201,
    resource: "none",
    statuses: invite(201, 201, 201),
  },
  {
    name: "POST /staff (a manager)",
    method: "POST",
    path: () => `${api}/staff`,
    body: invitation(ROLES.manager),
    permission: "staff.manage",
    okStatus: 201,
    resource: "none",
    statuses: invite(403, 201, 201),
  },
  {
    name: "POST /staff (a platform admin)",
    method: "POST",
    path: () => `${api}/staff`,
    body: invitation(ROLES.platform_admin),
    permission: "staff.manage",
    okStatus: 201,
    resource: "none",
    statuses: invite(403, 403, 201),
  },
  {
    name: "GET /staff/{id} (a staff member)",
    method: "GET",
    path: ({ world }) => `${api}/staff/${world.staff[ROLES.staff].id}`,
    permission: "staff.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: managerUp(200),
  },
  {
    name: "GET /staff/{id} (an admin)",
    method: "GET",
    path: ({ world }) => `${api}/staff/${world.staff[ROLES.admin].id}`,
    permission: "staff.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: managerUp(200),
  },
  {
    name: "PATCH /staff/{id} (a staff member)",
    method: "PATCH",
    path: ({ world }) => `${api}/staff/${world.staff[ROLES.staff].id}`,
    body: () => names,
    permission: "staff.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: managerUp(200),
  },
  {
    name: "PATCH /staff/{id} (an admin)",
    method: "PATCH",
    path: ({ world }) => `${api}/staff/${world.staff[ROLES.admin].id}`,
    body: () => ({ data: { type: "staff", attributes: { last_name: "Thirty" } } }),
    permission: "staff.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: adminUp(200),
  },
  {
    name: "PUT /staff/{id}/assignments (a staff member)",
    method: "PUT",
    path: ({ world }) => `${api}/staff/${world.staff[ROLES.staff].id}/assignments`,
    body: ({ world }) => ({
      data: {
        type: "staff-assignments",
        attributes: {
          locations: [{ location_id: String(world.locations[0].id), desk: "Desk 1" }],
          service_ids: [],
        },
      },
    }),
    permission: "staff.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: managerUp(200),
  },
  {
    name: "PUT /staff/{id}/assignments (an admin)",
    method: "PUT",
    path: ({ world }) => `${api}/staff/${world.staff[ROLES.admin].id}/assignments`,
    body: () => ({
      data: { type: "staff-assignments", attributes: { locations: [], service_ids: [] } },
    }),
    permission: "staff.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: adminUp(200),
  },
  {
    name: "PUT /staff/{id}/shifts (a staff member)",
    method: "PUT",
    path: ({ world }) => `${api}/staff/${world.staff[ROLES.staff].id}/shifts`,
    body: ({ world }) => ({
      data: {
        type: "staff-shifts",
        attributes: {
          weekly: [
            {
              location_id: String(world.locations[0].id),
              weekday: "monday",
              kind: "shift",
              start: "09:00",
              end: "17:00",
            },
          ],
          exceptions: [],
        },
      },
    }),
    permission: "staff.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: managerUp(200),
  },
  {
    name: "PUT /staff/{id}/shifts (an admin)",
    method: "PUT",
    path: ({ world }) => `${api}/staff/${world.staff[ROLES.admin].id}/shifts`,
    body: () => ({ data: { type: "staff-shifts", attributes: { weekly: [], exceptions: [] } } }),
    permission: "staff.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: adminUp(200),
  },
  {
    name: "POST /staff/{id}/password-reset (a staff member)",
    method: "POST",
    path: ({ world }) => `${api}/staff/${world.staff[ROLES.staff].id}/password-reset`,
    permission: "staff.manage",
    okStatus: 202,
    resource: "vendor",
    statuses: managerUp(202),
  },
  {
    name: "POST /staff/{id}/password-reset (a platform admin)",
    method: "POST",
    path: ({ world }) => `${api}/staff/${world.staff[ROLES.platform_admin].id}/password-reset`,
    permission: "staff.manage",
    okStatus: 202,
    resource: "vendor",
    statuses: {
      ...managerUp(202),
      manager: { own: 403, other_vendor: 404, foreign_host: 401 },
      admin: { own: 403, other_vendor: 404, foreign_host: 401 },
    },
  },
];

let t: Awaited<ReturnType<typeof buildTestApp>>;
let context: MatrixContext;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  context = { app: t.app, home: await createStaffWorld(t.db), other: await createStaffWorld(t.db) };
});
afterAll(() => t.close());

describeInternalEndpointMatrix("staff administration × roles × tenants", endpoints, () => context);
