// Tenant isolation of the services, categories and questions administration, every status written
// out: services.manage is Admin and up; another vendor's object does not exist (404); a session on
// another vendor's host is not signed in (401).
import { afterAll, beforeAll } from "vitest";
import {
  describeInternalEndpointMatrix,
  type InternalEndpoint,
  type LiteralStatuses,
  type MatrixContext,
} from "../../../../test/factories/internal-endpoint-matrix.ts";
import { createQuestion } from "../../../../test/factories/questions.ts";
import { createService } from "../../../../test/factories/services.ts";
import { createStaffWorld, type StaffWorld } from "../../../../test/factories/staff.ts";
import { buildTestApp } from "../../../../test/test-app.ts";
import { serviceCategories } from "../../db/schema.ts";

const api = "/api/internal/v1";

/** Admin and up, on their own vendor's objects. */
const adminOnly = (ok: number): LiteralStatuses => ({
  contact_centre_staff: { own: 403, other_vendor: 403, foreign_host: 401 },
  kiosk: { own: 403, other_vendor: 403, foreign_host: 401 },
  staff: { own: 403, other_vendor: 403, foreign_host: 401 },
  staff_plus: { own: 403, other_vendor: 403, foreign_host: 401 },
  staff_advanced: { own: 403, other_vendor: 403, foreign_host: 401 },
  manager: { own: 403, other_vendor: 403, foreign_host: 401 },
  admin: { own: ok, other_vendor: 404, foreign_host: 401 },
  platform_admin: { own: ok, other_vendor: 404, foreign_host: 401 },
});

/** A list or a creation names no object: another vendor's world is the caller's own. */
const adminOnlyNoObject = (ok: number): LiteralStatuses => ({
  contact_centre_staff: { own: 403, foreign_host: 401 },
  kiosk: { own: 403, foreign_host: 401 },
  staff: { own: 403, foreign_host: 401 },
  staff_plus: { own: 403, foreign_host: 401 },
  staff_advanced: { own: 403, foreign_host: 401 },
  manager: { own: 403, foreign_host: 401 },
  admin: { own: ok, foreign_host: 401 },
  platform_admin: { own: ok, foreign_host: 401 },
});

type Targets = { serviceId: number; questionId: number; categoryId: number };
const targets = new Map<number, Targets>();
const of = (world: StaffWorld) => targets.get(world.vendor.id)!;

async function targetsFor(db: Awaited<ReturnType<typeof buildTestApp>>["db"], world: StaffWorld) {
  const service = await createService(db, world.vendor.id, {
    locationIds: [world.locations[0].id],
    name: "Matrix service",
  });
  const question = await createQuestion(db, world.vendor.id, { type: "text", label: "Matrix?" });
  const [category] = await db
    .insert(serviceCategories)
    .values({ vendorId: world.vendor.id, name: "Matrix" })
    .returning();
  targets.set(world.vendor.id, {
    serviceId: service.id,
    questionId: question.id,
    categoryId: category!.id,
  });
}

const endpoints: InternalEndpoint[] = [
  {
    name: "GET /services",
    method: "GET",
    path: () => `${api}/services`,
    permission: "services.manage",
    okStatus: 200,
    resource: "none",
    statuses: adminOnlyNoObject(200),
  },
  {
    name: "POST /services",
    method: "POST",
    path: () => `${api}/services`,
    body: () => ({ data: { type: "services", attributes: { name: "Matrix new" } } }),
    permission: "services.manage",
    okStatus: 201,
    resource: "none",
    statuses: adminOnlyNoObject(201),
  },
  {
    name: "PUT /services/order",
    method: "PUT",
    path: () => `${api}/services/order`,
    body: ({ world }) => ({ data: [{ type: "services", id: String(of(world).serviceId) }] }),
    permission: "services.manage",
    okStatus: 200,
    resource: "vendor",
    // Another vendor's service in the list is refused as unknown, with a pointer to it.
    statuses: {
      ...adminOnly(200),
      admin: { own: 200, other_vendor: 422, foreign_host: 401 },
      platform_admin: { own: 200, other_vendor: 422, foreign_host: 401 },
    },
  },
  {
    name: "GET /services/{id}",
    method: "GET",
    path: ({ world }) => `${api}/services/${of(world).serviceId}`,
    permission: "services.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: adminOnly(200),
  },
  {
    name: "PATCH /services/{id}",
    method: "PATCH",
    path: ({ world }) => `${api}/services/${of(world).serviceId}`,
    body: () => ({ data: { type: "services", attributes: { duration_minutes: 20 } } }),
    permission: "services.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: adminOnly(200),
  },
  {
    name: "GET /service-categories",
    method: "GET",
    path: () => `${api}/service-categories`,
    permission: "services.manage",
    okStatus: 200,
    resource: "none",
    statuses: adminOnlyNoObject(200),
  },
  {
    name: "POST /service-categories",
    method: "POST",
    path: () => `${api}/service-categories`,
    body: () => ({ data: { type: "service-categories", attributes: { name: "Matrix new" } } }),
    permission: "services.manage",
    okStatus: 201,
    resource: "none",
    statuses: adminOnlyNoObject(201),
  },
  {
    name: "PATCH /service-categories/{id}",
    method: "PATCH",
    path: ({ world }) => `${api}/service-categories/${of(world).categoryId}`,
    body: () => ({ data: { type: "service-categories", attributes: { sort_order: 2 } } }),
    permission: "services.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: adminOnly(200),
  },
  {
    name: "GET /questions",
    method: "GET",
    path: () => `${api}/questions`,
    permission: "services.manage",
    okStatus: 200,
    resource: "none",
    statuses: adminOnlyNoObject(200),
  },
  {
    name: "POST /questions",
    method: "POST",
    path: () => `${api}/questions`,
    body: () => ({ data: { type: "questions", attributes: { type: "text", label: "New?" } } }),
    permission: "services.manage",
    okStatus: 201,
    resource: "none",
    statuses: adminOnlyNoObject(201),
  },
  {
    name: "GET /questions/{id}",
    method: "GET",
    path: ({ world }) => `${api}/questions/${of(world).questionId}`,
    permission: "services.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: adminOnly(200),
  },
  {
    name: "PATCH /questions/{id}",
    method: "PATCH",
    path: ({ world }) => `${api}/questions/${of(world).questionId}`,
    body: () => ({ data: { type: "questions", attributes: { required: true } } }),
    permission: "services.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: adminOnly(200),
  },
  {
    name: "GET /audit-log?subject_type=service_category",
    method: "GET",
    path: ({ world }) =>
      `${api}/audit-log?subject_type=service_category&subject_id=${of(world).categoryId}`,
    permission: "services.manage",
    okStatus: 200,
    resource: "vendor",
    statuses: adminOnly(200),
  },
];

let t: Awaited<ReturnType<typeof buildTestApp>>;
let context: MatrixContext;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  context = { app: t.app, home: await createStaffWorld(t.db), other: await createStaffWorld(t.db) };
  await targetsFor(t.db, context.home);
  await targetsFor(t.db, context.other);
});
afterAll(() => t.close());

describeInternalEndpointMatrix(
  "services, categories and questions administration × roles × tenants",
  endpoints,
  () => context,
);
