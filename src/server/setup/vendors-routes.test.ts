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

    // Its history is kept under the vendor itself, and read by platform admins from any host
    // (they manage every vendor); an Admin may not read it, and an unknown vendor has none.
    const history = (host: string, cookie: string, id = vendorId) =>
      t.app.inject({
        method: "GET",
        url: `${api}/audit-log?subject_type=vendor&subject_id=${id}`,
        headers: { host, cookie },
      });
    const read = await history(world.vendor.host, platform.cookie);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data[0].attributes).toMatchObject({
      action: "created",
      subject_type: "vendor",
      actor: { id: String(world.staff[ROLES.platform_admin].id) },
    });
    const there = await signInAs(t.app, world.staff[ROLES.platform_admin], hosts[0]!);
    expect((await history(hosts[0]!, there.cookie)).statusCode).toBe(200);
    expect((await history(world.vendor.host, platform.cookie, 999_999)).statusCode).toBe(404);
    const anAdmin = await signInAs(t.app, world.staff[ROLES.admin], world.vendor.host);
    expect((await history(world.vendor.host, anAdmin.cookie, world.vendor.id)).statusCode).toBe(
      403,
    );
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

describe("editing a vendor", () => {
  const patch = (id: number | string, attributes: unknown, version?: number) =>
    t.app.inject({
      method: "PATCH",
      url: `${api}/vendors/${id}`,
      headers: {
        host: world.vendor.host,
        cookie: platform.cookie,
        "x-csrf-token": platform.csrfToken,
        ...(version === undefined ? {} : { "if-match": `"${version}"` }),
      },
      remoteAddress: uniqueRemoteAddress(),
      payload: { data: { type: "vendors", attributes } } as object,
    });
  const read = (id: number | string) =>
    t.app.inject({
      method: "GET",
      url: `${api}/vendors/${id}`,
      headers: { host: world.vendor.host, cookie: platform.cookie },
    });
  const openVendor = (host: string) =>
    t.app.inject({ method: "GET", url: "/api/v2/open/vendor", headers: { host } });

  async function createOne() {
    const body = newVendor();
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(201);
    return { id: Number(response.json().data.id), ...body.data.attributes };
  }

  it("reads a vendor with its version as ETag, and 404 for an unknown id", async () => {
    const made = await createOne();
    const response = await read(made.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe('"1"');
    expect(response.json().data.attributes).toMatchObject({
      name: made.name,
      slug: made.slug,
      hosts: made.hosts,
      admins: 1,
      version: 1,
    });
    expect((await read(999_999)).statusCode).toBe(404);
  });

  it("renames, re-slugs and replaces the hosts, audited, and the hosts resolve anew at once", async () => {
    const made = await createOne();
    const oldHost = made.hosts[0]!;
    // The resolver keeps both answers: the old host is the vendor's, the new one unknown.
    expect((await openVendor(oldHost)).json().data.attributes.slug).toBe(made.slug);
    const newHost = `moved-${made.slug}.example`;
    expect((await openVendor(newHost)).statusCode).toBe(404);

    const response = await patch(
      made.id,
      { name: "Harbour Credit", slug: `${made.slug}-x`, hosts: [newHost, "WWW.Moved.example"] },
      1,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe('"2"');
    expect(response.json().data.attributes).toMatchObject({
      name: "Harbour Credit",
      slug: `${made.slug}-x`,
      hosts: [newHost, "www.moved.example"].sort(),
      version: 2,
    });

    expect((await openVendor(oldHost)).statusCode).toBe(404);
    const moved = await openVendor(newHost);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.attributes).toMatchObject({
      name: "Harbour Credit",
      slug: `${made.slug}-x`,
    });

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.vendorId, made.id),
          eq(auditLog.subjectType, "vendor"),
          eq(auditLog.action, "updated"),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorUserId: world.staff[ROLES.platform_admin].id,
      before: { name: made.name, slug: made.slug, hosts: [oldHost] },
      after: { name: "Harbour Credit" },
    });
  });

  it("answers 409 with the current vendor when another save came first, and changes nothing", async () => {
    const made = await createOne();
    expect((await patch(made.id, { name: "First save" }, 1)).statusCode).toBe(200);
    const late = await patch(made.id, { name: "Late save" }, 1);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().errors[0].code).toBe("version_conflict");
    expect(late.json().meta.current.attributes).toMatchObject({ name: "First save", version: 2 });
    expect((await read(made.id)).json().data.attributes.name).toBe("First save");
  });

  it("refuses another vendor's slug and host at their pointers, and saves nothing", async () => {
    const made = await createOne();
    const response = await patch(
      made.id,
      { name: "Never saved", slug: world.vendor.slug, hosts: [made.hosts[0], world.vendor.host] },
      1,
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
      ]),
    );
    const after = (await read(made.id)).json().data.attributes;
    expect(after).toMatchObject({
      name: made.name,
      slug: made.slug,
      hosts: made.hosts,
      version: 1,
    });
  });

  it("keeps its own slug and hosts when saved again unchanged", async () => {
    const made = await createOne();
    const response = await patch(made.id, { slug: made.slug, hosts: made.hosts }, 1);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.attributes).toMatchObject({ hosts: made.hosts, version: 2 });
  });

  it("refuses malformed changes with 422 at their pointer, never a 500", async () => {
    const made = await createOne();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ slug: "Upper" }, "/data/attributes/slug"],
      [{ name: " " }, "/data/attributes/name"],
      [{ hosts: [] }, "/data/attributes/hosts"],
      [{ hosts: ["a.example", "A.example"] }, "/data/attributes/hosts/1"],
      [{ hosts: ["https://bank.example"] }, "/data/attributes/hosts/0"],
      [{ admins: 3 }, "/data/attributes"],
    ];
    for (const [attributes, pointer] of cases) {
      const response = await patch(made.id, attributes);
      expect(response.statusCode, `${pointer} ${response.body}`).toBe(422);
      const pointers = response
        .json()
        .errors.map((e: { source?: { pointer?: string } }) => e.source?.pointer ?? "");
      expect(
        pointers.some((p: string) => p.startsWith(pointer)),
        response.body,
      ).toBe(true);
    }
    const bad = await t.app.inject({
      method: "PATCH",
      url: `${api}/vendors/${made.id}`,
      headers: {
        host: world.vendor.host,
        cookie: platform.cookie,
        "x-csrf-token": platform.csrfToken,
        "if-match": "nonsense",
      },
      remoteAddress: uniqueRemoteAddress(),
      payload: { data: { type: "vendors", attributes: { name: "X" } } },
    });
    expect(bad.statusCode).toBe(400);
  });

  // Last: once a "demo" vendor exists, every unknown host falls back to it.
  it("refuses to change the slug of the DEFAULT_VENDOR vendor, which unknown hosts fall back to", async () => {
    const response = await post(newVendor({ slug: t.app.config.DEFAULT_VENDOR }));
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data.id;
    const refused = await patch(id, { slug: "renamed-default" }, 1);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({
      code: "slug_default_vendor",
      source: { pointer: "/data/attributes/slug" },
    });
    const renamed = await patch(id, { name: "Still the default" }, 1);
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});
