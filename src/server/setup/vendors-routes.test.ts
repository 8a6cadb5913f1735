// The platform admins' vendors: the list, and a new vendor with its hosts and first admin, who is
// invited by email; refusals at their pointers; the vendor resolver sees the new vendor at once.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createStaffWorld,
  type SignedIn,
  type StaffWorld,
  signInAs,
  uniqueRemoteAddress,
} from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { DELIVER_STAFF_INVITATION } from "../auth/staff-invitations.ts";
import { auditLog, users } from "../db/schema.ts";

const api = "/api/internal/v1";

let t: Awaited<ReturnType<typeof buildTestApp>>;
let world: StaffWorld;
let platform: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  world = await createStaffWorld(t.db);
  platform = await signInAs(t.app, world.staff[ROLES.platform_admin], world.vendor.host);
});
afterAll(() => t.close());

let sequence = 0;
function newVendor(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const slug = `harbour-${sequence}-${Date.now().toString(36)}`;
  return {
    data: {
      type: "vendors",
      attributes: {
        name: `Harbour ${sequence}`,
        slug,
        hosts: [`${slug}.example`],
        admin: { first_name: "Noor", last_name: "Haddad", email: `noor@${slug}.example` },
        ...overrides,
      },
    },
  };
}

const post = (payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: `${api}/vendors`,
    headers: {
      host: world.vendor.host,
      cookie: platform.cookie,
      "x-csrf-token": platform.csrfToken,
    },
    remoteAddress: uniqueRemoteAddress(),
    payload: payload as object,
  });

describe("vendors", () => {
  it("creates a vendor, its hosts and its invited admin, audited, and the host resolves to it at once", async () => {
    const body = newVendor();
    const { slug, hosts } = body.data.attributes;
    // Before: the host is unknown (and resolves to no vendor), an answer the resolver keeps.
    const before = await t.app.inject({
      method: "GET",
      url: "/api/v2/open/vendor",
      headers: { host: hosts[0]! },
    });
    expect(before.statusCode).toBe(404);

    const send = vi.spyOn(t.app.jobs, "send");
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json();
    expect(document.data.attributes).toMatchObject({ slug, hosts, admins: 1 });
    const vendorId = Number(document.data.id);
    const adminId = Number(document.meta.invited_admin.id);
    expect(send).toHaveBeenCalledWith(
      DELIVER_STAFF_INVITATION,
      expect.objectContaining({
        userId: adminId,
        vendorId,
        invitedByUserId: world.staff[ROLES.platform_admin].id,
        requestHost: hosts[0],
      }),
    );
    send.mockRestore();

    const [admin] = await t.db.select().from(users).where(eq(users.id, adminId));
    expect(admin).toMatchObject({ vendorId, roleLevel: 30, passwordHash: null, active: true });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.vendorId, vendorId), eq(auditLog.subjectType, "vendor")));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: "created",
      actorUserId: world.staff[ROLES.platform_admin].id,
      subjectId: vendorId,
    });

    const after = await t.app.inject({
      method: "GET",
      url: "/api/v2/open/vendor",
      headers: { host: hosts[0]! },
    });
    expect(after.statusCode, after.body).toBe(200);

    const list = await t.app.inject({
      method: "GET",
      url: `${api}/vendors`,
      headers: { host: world.vendor.host, cookie: platform.cookie },
    });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((v: { id: string }) => v.id === String(vendorId));
    expect(listed.attributes).toMatchObject({ slug, hosts, admins: 1 });

    // Its history is kept under the vendor itself: read on its host, another vendor's elsewhere.
    const history = (host: string, cookie: string) =>
      t.app.inject({
        method: "GET",
        url: `${api}/audit-log?subject_type=vendor&subject_id=${vendorId}`,
        headers: { host, cookie },
      });
    expect((await history(world.vendor.host, platform.cookie)).statusCode).toBe(404);
    const there = await signInAs(t.app, world.staff[ROLES.platform_admin], hosts[0]!);
    const own = await history(hosts[0]!, there.cookie);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data[0].attributes).toMatchObject({
      action: "created",
      subject_type: "vendor",
    });
  });

  it("refuses a host of another vendor, a taken slug and a taken email, each at its pointer, and saves nothing", async () => {
    const response = await post(
      newVendor({
        slug: world.vendor.slug,
        hosts: ["fresh-host.example", world.vendor.host],
        admin: {
          first_name: "Noor",
          last_name: "Haddad",
          email: world.staff[ROLES.admin].email.toUpperCase(),
        },
      }),
    );
    expect(response.statusCode, response.body).toBe(422);
    const found = response
      .json()
      .errors.map(
        (e: { code: string; source: { pointer: string } }) => `${e.source.pointer} ${e.code}`,
      );
    expect(found).toEqual(
      expect.arrayContaining([
        "/data/attributes/slug slug_taken",
        "/data/attributes/hosts/1 host_taken",
        "/data/attributes/admin/email email_taken",
      ]),
    );
    const open = await t.app.inject({
      method: "GET",
      url: "/api/v2/open/vendor",
      headers: { host: "fresh-host.example" },
    });
    expect(open.statusCode).toBe(404);
  });

  it("refuses malformed fields with 422, never a 500", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ slug: "Upper" }, "/data/attributes/slug"],
      [{ slug: "a\u0000b" }, "/data/attributes/slug"],
      [{ name: "x\u0000" }, "/data/attributes/name"],
      [{ hosts: ["ok.example", "https://bank.example"] }, "/data/attributes/hosts/1"],
      [{ hosts: ["bank.example:8080"] }, "/data/attributes/hosts/0"],
      [{ hosts: ["dup.example", "DUP.example"] }, "/data/attributes/hosts/1"],
      [{ hosts: [] }, "/data/attributes/hosts"],
      [{ extra: true }, "/data/attributes"],
    ];
    for (const [overrides, pointer] of cases) {
      const response = await post(newVendor(overrides));
      expect(response.statusCode, `${pointer} ${response.body}`).toBe(422);
      const pointers = response
        .json()
        .errors.map((e: { source?: { pointer?: string } }) => e.source?.pointer ?? "");
      expect(
        pointers.some((p: string) => p.startsWith(pointer)),
        response.body,
      ).toBe(true);
    }
  });
});
