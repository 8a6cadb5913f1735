// A location changed through the back office reaches the join catalog's cached answers at once:
// its location.updated event drops them (the invalidate-caches handler), for an archived location
// and for a new one a join had already looked for before it existed.
import { max } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createStaffWorld, type StaffWorld } from "../../../../test/factories/staff.ts";
import { buildTestApp } from "../../../../test/test-app.ts";
import { ROLES } from "../../../shared/domain.ts";
import { locations } from "../../db/schema.ts";
import { type StaffClient, staffClient } from "../../lobby/lobby-test-world.ts";

let t: Awaited<ReturnType<typeof buildTestApp>>;
let w: StaffWorld;
let admin: StaffClient;

beforeAll(async () => {
  // The catalog keeps answers for a minute here: only an invalidation can drop them in time.
  t = await buildTestApp({ seed: false, env: { JOIN_CATALOG_TTL_MS: "60000" } });
  w = await createStaffWorld(t.db);
  admin = await staffClient(t.app, w.staff[ROLES.admin], w.vendor.host);
});
afterAll(() => t.close());

const catalogRead = (locationId: number) =>
  t.app.caches.joinCatalog.read(t.db, {
    vendorId: w.vendor.id,
    locationId,
    serviceId: 1,
    withQuestions: false,
  });

describe("the join catalog after a back-office change", () => {
  it("forgets a location as soon as it is archived", async () => {
    const id = w.locations[1].id;
    expect((await catalogRead(id)).location?.id).toBe(id);
    const response = await admin.patch(`/locations/${id}`, {
      data: { type: "locations", attributes: { archived: true } },
    });
    expect(response.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await catalogRead(id)).location).toBeNull(), {
      timeout: 5000,
    });
  });

  it("finds a new location that a join looked for before it existed", async () => {
    const [row] = await t.db.select({ last: max(locations.id) }).from(locations);
    const next = (row?.last ?? 0) + 1;
    expect((await catalogRead(next)).location).toBeNull();
    const response = await admin.post("/locations", {
      data: {
        type: "locations",
        attributes: {
          name: "Brand New Branch",
          address: "1 New Road",
          city: "Porto",
          country: "PT",
          latitude: 41.15,
          longitude: -8.61,
          timezone: "Europe/Lisbon",
        },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.id).toBe(String(next));
    await vi.waitFor(async () => expect((await catalogRead(next)).location?.id).toBe(next), {
      timeout: 5000,
    });
  });
});
