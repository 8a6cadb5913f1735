import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffWorld, type StaffWorld, signInAs } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { loadStaffSession } from "../auth/staff-sessions.ts";
import { locations } from "../db/schema.ts";
import { canActAtLocation, locationScope, vendorScope } from "./tenant-scope.ts";

describe("tenant scope", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let home: StaffWorld;
  let other: StaffWorld;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    home = await createStaffWorld(t.db);
    other = await createStaffWorld(t.db);
  });
  afterAll(() => t.close());

  async function staffOf(role: keyof typeof home.staff) {
    const session = await signInAs(t.app, home.staff[role], home.vendor.host);
    const token = session.cookie.slice("nl_session=".length);
    return (await loadStaffSession(t.db, { token, vendorId: home.vendor.id }))!;
  }

  const locationIdsWhere = async (condition: ReturnType<typeof vendorScope>) =>
    (
      await t.db
        .select({ id: locations.id })
        .from(locations)
        .where(condition)
        .orderBy(asc(locations.id))
    ).map((r) => r.id);

  it("keeps a staff member below Manager to the locations it works at", async () => {
    const staff = await staffOf(ROLES.staff_advanced);
    const ids = await locationIdsWhere(
      locationScope(staff, { vendorColumn: locations.vendorId, locationColumn: locations.id }),
    );
    expect(ids).toEqual([home.locations[0].id]);
    expect(canActAtLocation(staff, home.locations[0].id)).toBe(true);
    expect(canActAtLocation(staff, home.locations[1].id)).toBe(false);
  });

  it("gives a manager every location of its vendor and none of another", async () => {
    const staff = await staffOf(ROLES.manager);
    const ids = await locationIdsWhere(
      locationScope(staff, { vendorColumn: locations.vendorId, locationColumn: locations.id }),
    );
    expect(ids).toEqual(home.locations.map((l) => l.id).sort((a, b) => a - b));
    expect(ids).not.toContain(other.locations[0].id);
    expect(await locationIdsWhere(vendorScope(staff, locations.vendorId))).toEqual(ids);
  });

  it("shows nothing to a staff member without locations, rather than everything", async () => {
    const staff = { ...(await staffOf(ROLES.staff)), locationIds: [] };
    const ids = await locationIdsWhere(
      locationScope(staff, { vendorColumn: locations.vendorId, locationColumn: locations.id }),
    );
    expect(ids).toEqual([]);
  });
});
