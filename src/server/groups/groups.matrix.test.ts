// Tenant isolation of the staff groups administration, every status written out: reading groups is
// staff.manage (Manager and up), changing them groups.manage (Admin and up); another vendor's group
// does not exist (404); a session on another vendor's host is not signed in (401).
import { afterAll, beforeAll } from "vitest";
import {
  describeInternalEndpointMatrix,
  type InternalEndpoint,
  type LiteralStatuses,
  type MatrixContext,
} from "../../../test/factories/internal-endpoint-matrix.ts";
import { createStaffWorld, type StaffWorld } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { staffGroups } from "../db/schema.ts";

const api = "/api/internal/v1";

/** Manager and up read, on their own vendor's groups. */
const managerReads: LiteralStatuses = {
  contact_centre_staff: { own: 403, other_vendor: 403, foreign_host: 401 },
  kiosk: { own: 403, other_vendor: 403, foreign_host: 401 },
  staff: { own: 403, other_vendor: 403, foreign_host: 401 },
  staff_plus: { own: 403, other_vendor: 403, foreign_host: 401 },
  staff_advanced: { own: 403, other_vendor: 403, foreign_host: 401 },
  manager: { own: 200, other_vendor: 404, foreign_host: 401 },
  admin: { own: 200, other_vendor: 404, foreign_host: 401 },
  platform_admin: { own: 200, other_vendor: 404, foreign_host: 401 },
};

/** Admin and up change, on their own vendor's groups. */
const adminChanges: LiteralStatuses = {
  contact_centre_staff: { own: 403, other_vendor: 403, foreign_host: 401 },
  kiosk: { own: 403, other_vendor: 403, foreign_host: 401 },
  staff: { own: 403, other_vendor: 403, foreign_host: 401 },
  staff_plus: { own: 403, other_vendor: 403, foreign_host: 401 },
  staff_advanced: { own: 403, other_vendor: 403, foreign_host: 401 },
  manager: { own: 403, other_vendor: 403, foreign_host: 401 },
  admin: { own: 200, other_vendor: 404, foreign_host: 401 },
  platform_admin: { own: 200, other_vendor: 404, foreign_host: 401 },
};

const groupIds = new Map<number, number>();
const of = (world: StaffWorld) => groupIds.get(world.vendor.id)!;
let created = 0;

const endpoints: InternalEndpoint[] = [
  {
    name: "GET /groups",
    method: "GET",
    path: () => `${api}/groups`,
    permission: "staff.manage",
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
    name: "POST /groups",
    method: "POST",
    path: () => `${api}/groups`,
    // Each call its own name: a name is taken once per vendor.
    body: () => ({ data: { type: "groups", attributes: { name: `Matrix ${++created}` } } }),
    permission: "groups.manage",
    okStatus: 201,
    resource: "none",
    statuses: {
      contact_centre_staff: { own: 403, foreign_host: 401 },
      kiosk: { own: 403, foreign_host: 401 },
      staff: { own: 403, foreign_host: 401 },
      staff_plus: { own: 403, foreign_host: 401 },
      staff_advanced: { own: 403, foreign_host: 401 },
      manager: { own: 403, foreign_host: 401 },
      admin: { own: 201, foreign_host: 401 },
      platform_admin: { own: 201, foreign_host: 401 },
    },
  },
  {
    name: "GET /groups/{id}",
    method: "GET",
    path: ({ world }) => `${api}/groups/${of(world)}`,
    permission: "staff.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: managerReads,
  },
  {
    name: "PATCH /groups/{id}",
    method: "PATCH",
    path: ({ world }) => `${api}/groups/${of(world)}`,
    body: () => ({ data: { type: "groups", attributes: { description: "Changed" } } }),
    permission: "groups.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: adminChanges,
  },
  {
    name: "GET /audit-log?subject_type=staff_group",
    method: "GET",
    path: ({ world }) => `${api}/audit-log?subject_type=staff_group&subject_id=${of(world)}`,
    permission: "groups.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: adminChanges,
  },
];

let t: Awaited<ReturnType<typeof buildTestApp>>;
let context: MatrixContext;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  context = { app: t.app, home: await createStaffWorld(t.db), other: await createStaffWorld(t.db) };
  for (const world of [context.home, context.other]) {
    const [group] = await t.db
      .insert(staffGroups)
      .values({ vendorId: world.vendor.id, name: "Matrix group" })
      .returning();
    groupIds.set(world.vendor.id, group!.id);
  }
});
afterAll(() => t.close());

describeInternalEndpointMatrix(
  "staff groups administration × roles × tenants",
  endpoints,
  () => context,
);
