import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStaffUser,
  createStaffWorld,
  type StaffWorld,
  signInAs,
} from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { backOfficeRoutesFor } from "../permissions/back-office-routes.ts";
import { permissionsOf } from "../permissions/permission-table.ts";
import { verifyRealtimeToken } from "../realtime/staff-token.ts";

const SECRET = "test-secret-test-secret-test-secret-0000";

describe("GET /api/internal/v1/me", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let home: StaffWorld;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    home = await createStaffWorld(t.db);
  });
  afterAll(() => t.close());

  const me = (cookie: string) =>
    t.app.inject({ url: "/api/internal/v1/me", headers: { host: home.vendor.host, cookie } });

  it("describes a staff member: user, role, vendor, own locations, permissions, pages, realtime token", async () => {
    const account = home.staff[ROLES.staff];
    const session = await signInAs(t.app, account, home.vendor.host);
    const res = await me(session.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.csrf_token).toBe(session.csrfToken);
    expect(body.data).toMatchObject({
      user: {
        id: account.id,
        email: account.email,
        first_name: "Role",
        last_name: "10",
        full_name: "Role 10",
        lang: "en",
      },
      role: { level: 10, name: "staff" },
      vendor: { id: home.vendor.id, slug: home.vendor.slug },
      locations: [
        { id: home.locations[0].id, name: home.locations[0].name, timezone: "America/Toronto" },
      ],
      all_locations: false,
      permissions: permissionsOf(ROLES.staff),
      back_office_routes: backOfficeRoutesFor(ROLES.staff).map((r) => ({
        path: r.path,
        vendor_flag: r.vendorFlag ?? null,
      })),
    });
    const check = verifyRealtimeToken(SECRET, body.data.realtime.token);
    expect(check).toEqual({
      ok: true,
      claims: {
        userId: account.id,
        vendorId: home.vendor.id,
        sessionId: expect.stringMatching(/^[0-9a-f]{64}$/),
        exp: Date.parse(body.data.realtime.expires_at) / 1000,
      },
    });
  });

  it("gives a manager every location of the vendor, assigned or not", async () => {
    const session = await signInAs(t.app, home.staff[ROLES.manager], home.vendor.host);
    const body = (await me(session.cookie)).json();
    expect(body.data.all_locations).toBe(true);
    expect(body.data.locations.map((l: { id: number }) => l.id)).toEqual(
      home.locations.map((l) => l.id),
    );
  });

  it("gives a kiosk account nothing but the kiosk and its own location", async () => {
    const session = await signInAs(t.app, home.staff[ROLES.kiosk], home.vendor.host);
    const body = (await me(session.cookie)).json();
    expect(body.data.permissions).toEqual(["account.self", "kiosk.use"]);
    expect(body.data.back_office_routes.map((r: { path: string }) => r.path)).toEqual([
      "/forbidden",
      "/settings/support",
    ]);
    expect(body.data.locations.map((l: { id: number }) => l.id)).toEqual([home.locations[0].id]);
  });

  it("lists no location for a staff member assigned to none", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.contact_centre_staff,
    });
    const session = await signInAs(t.app, account, home.vendor.host);
    const body = (await me(session.cookie)).json();
    expect(body.data.locations).toEqual([]);
    expect(body.data.permissions).toContain("queue.add_walkin");
    expect(body.data.permissions).not.toContain("queue.serve");
  });

  it("answers 401 without a session", async () => {
    const res = await t.app.inject({
      url: "/api/internal/v1/me",
      headers: { host: home.vendor.host },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe("unauthenticated");
  });
});
