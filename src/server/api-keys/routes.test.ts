// The vendor's API keys: creation checked whole (name, scopes the creator holds, a future expiry),
// for Admins only, the token answered once and never listed, audit rows in the change's
// transaction; and the keys at work as `Authorization: Bearer` on the internal API: within their
// scopes only, refused at once when revoked (on a second node too), expired, another vendor's host,
// or beside a session cookie they would otherwise ride on.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffWorld, type StaffWorld, signInAs } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { buildApp } from "../app.ts";
import { apiKeys, auditLog, rooms, users } from "../db/schema.ts";
import { type StaffClient, staffClient } from "../lobby/lobby-test-world.ts";
import { loadApiKeyStaff } from "./authenticate-api-key.ts";

const doc = (attributes: Record<string, unknown>) => ({ data: { type: "api-keys", attributes } });

let t: Awaited<ReturnType<typeof buildTestApp>>;
/** a second node: its own app on the same database, as another server process would be */
let second: Awaited<ReturnType<typeof buildApp>>;
let home: StaffWorld;
let other: StaffWorld;
let admin: StaffClient;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  second = await buildApp({
    config: t.app.config,
    database: t.database,
    logger: false,
    webRoot: null,
  });
  await second.ready();
  home = await createStaffWorld(t.db);
  other = await createStaffWorld(t.db);
  admin = await staffClient(t.app, home.staff[ROLES.admin], home.vendor.host);
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

/** A key of the home vendor made by its Admin; answers the created document and the token. */
async function createKey(attributes: Record<string, unknown> = {}) {
  const response = await admin.post(
    "/api-keys",
    doc({ name: "Front desk sync", scopes: ["locations.manage"], ...attributes }),
  );
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  return { id: Number(body.data.id), token: body.meta.token as string, data: body.data };
}

/** A call to the internal API with a key, on the home vendor's host unless told otherwise. */
const withKey = (
  token: string,
  url: string,
  options: {
    app?: typeof second;
    host?: string;
    method?: "GET" | "POST";
    payload?: object;
    headers?: Record<string, string>;
  } = {},
) =>
  (options.app ?? t.app).inject({
    method: options.method ?? "GET",
    url: `/api/internal/v1${url}`,
    headers: {
      host: options.host ?? home.vendor.host,
      authorization: `Bearer ${token}`,
      ...options.headers,
    },
    ...(options.payload ? { payload: options.payload } : {}),
  });

const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, "api_key"), eq(auditLog.subjectId, id)))
    .orderBy(auditLog.id);

describe("API keys administration", () => {
  it("creates a key: the token once in meta, only its hash stored, audited with its creator", async () => {
    const { id, token, data } = await createKey({ name: "  Kiosk vendor  " });
    expect(token).toMatch(/^nlk_[A-Za-z0-9_-]{12}[A-Za-z0-9_-]{43}$/);
    expect(data.attributes).toMatchObject({
      name: "Kiosk vendor",
      prefix: token.slice(0, 16),
      scopes: ["locations.manage"],
      state: "active",
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
    });
    const creator = home.staff[ROLES.admin];
    const [person] = await t.db.select().from(users).where(eq(users.id, creator.id));
    expect(data.attributes.created_by).toBe(`${person?.firstName} ${person?.lastName}`);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token.slice(16));
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "created", actorUserId: creator.id, before: null });
    expect(JSON.stringify(audit[0])).not.toContain(token.slice(16));
  });

  it("lists keys newest first, never with the token", async () => {
    const older = await createKey({ name: "Older" });
    const newer = await createKey({ name: "Newer" });
    const response = await admin.get("/api-keys");
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(older.token.slice(16));
    expect(response.body).not.toContain(newer.token.slice(16));
    const ids = response.json().data.map((key: { id: string }) => Number(key.id));
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    // The other vendor's Admin sees none of them.
    const foreign = await staffClient(t.app, other.staff[ROLES.admin], other.vendor.host);
    const theirs = (await foreign.get("/api-keys")).json().data.map((k: { id: string }) => k.id);
    expect(theirs).not.toContain(String(newer.id));
  });

  it("refuses a bad creation with a pointer each, and stores nothing", async () => {
    const before = (await admin.get("/api-keys")).json().data.length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "", scopes: ["queue.view"] }, "/data/attributes/name", "invalid"],
      [{ name: "   ", scopes: ["queue.view"] }, "/data/attributes/name", "invalid"],
      [{ name: "x".repeat(101), scopes: ["queue.view"] }, "/data/attributes/name", "too_big"],
      [{ name: "a\u0000b", scopes: ["queue.view"] }, "/data/attributes/name", "invalid"],
      [{ name: "K", scopes: [] }, "/data/attributes/scopes", "too_small"],
      [{ name: "K", scopes: ["queue.fly"] }, "/data/attributes/scopes/0", "invalid_value"],
      // Session-only rights are no scope a key can have, whoever asks.
      [{ name: "K", scopes: ["security.manage"] }, "/data/attributes/scopes/0", "invalid_value"],
      [{ name: "K", scopes: ["platform.manage"] }, "/data/attributes/scopes/0", "invalid_value"],
      [{ name: "K", scopes: ["account.self"] }, "/data/attributes/scopes/0", "invalid_value"],
      [
        { name: "K", scopes: ["queue.view"], expires_at: "2020-01-01T00:00:00Z" },
        "/data/attributes/expires_at",
        "expiry_past",
      ],
      [
        { name: "K", scopes: ["queue.view"], expires_at: "tomorrow" },
        "/data/attributes/expires_at",
        "invalid_format",
      ],
      [
        { name: "K", scopes: ["queue.view"], secret: "x" },
        "/data/attributes/secret",
        "unknown_field",
      ],
    ];
    for (const [attributes, pointer, code] of cases) {
      const response = await admin.post("/api-keys", doc(attributes));
      expect(response.statusCode, JSON.stringify(attributes)).toBe(422);
      const error = response.json().errors[0];
      expect(error.source.pointer, JSON.stringify(attributes)).toBe(pointer);
      expect(error.code, JSON.stringify(attributes)).toBe(code);
      expect(error.detail).toBeTruthy();
    }
    expect((await admin.get("/api-keys")).json().data).toHaveLength(before);
    const sessionOnly = await admin.post(
      "/api-keys",
      doc({ name: "K", scopes: ["security.manage"] }),
    );
    expect(sessionOnly.json().errors[0].detail).toBe(
      "This is not a permission an API key can have.",
    );
  });

  it("is for Admins: a Manager is refused every call", async () => {
    const { id } = await createKey();
    const manager = await staffClient(t.app, home.staff[ROLES.manager], home.vendor.host);
    expect((await manager.get("/api-keys")).statusCode).toBe(403);
    expect(
      (await manager.post("/api-keys", doc({ name: "M", scopes: ["queue.view"] }))).statusCode,
    ).toBe(403);
    expect((await manager.post(`/api-keys/${id}/revoke`)).statusCode).toBe(403);
  });

  it("never gives a key more than its creator's role holds", async () => {
    // An Admin whose role is lowered to Manager after signing in keeps the session, not the rights.
    const [demoted] = await t.db
      .insert(users)
      .values({
        vendorId: home.vendor.id,
        email: `demoted-${Date.now()}@example.com`,
        firstName: "Dee",
        lastName: "Moted",
        roleLevel: ROLES.admin,
        passwordHash: null,
      })
      .returning();
    expect(demoted).toBeDefined();
    // Created straight, as a lower role cannot reach the route: the scope check itself is tested.
    const { createApiKey } = await import("./api-key-admin.ts");
    await expect(
      createApiKey(
        t.db,
        { vendorId: home.vendor.id, roleLevel: ROLES.manager, user: demoted! },
        { name: "Too much", scopes: ["queue.view", "locations.manage"] },
      ),
    ).rejects.toMatchObject({
      status: 422,
      items: [{ code: "scope_not_held", pointer: "/data/attributes/scopes/1" }],
    });
  });

  it("revokes a key once: 204 each time, one audit row naming who revoked it", async () => {
    const { id } = await createKey();
    expect((await admin.post(`/api-keys/${id}/revoke`)).statusCode).toBe(204);
    expect((await admin.post(`/api-keys/${id}/revoke`)).statusCode).toBe(204);
    const listed = (await admin.get("/api-keys"))
      .json()
      .data.find((k: { id: string }) => k.id === String(id));
    expect(listed.attributes.state).toBe("revoked");
    expect(listed.attributes.revoked_at).not.toBeNull();
    const audit = await auditOf(id);
    expect(audit.map((row) => row.action)).toEqual(["created", "revoked"]);
    expect(audit[1]?.actorUserId).toBe(home.staff[ROLES.admin].id);
    // Another vendor's key does not exist for this Admin.
    const foreign = await staffClient(t.app, other.staff[ROLES.admin], other.vendor.host);
    expect((await foreign.post(`/api-keys/${id}/revoke`)).statusCode).toBe(404);
  });
});

describe("a key at work", () => {
  it("acts within its scopes on every location of the vendor, and is refused beyond them", async () => {
    const { token } = await createKey({ scopes: ["locations.manage", "hours.manage"] });
    const listed = await withKey(token, "/locations");
    expect(listed.statusCode, listed.body).toBe(200);
    const ids = listed.json().data.map((l: { id: string }) => Number(l.id));
    expect(ids).toEqual(expect.arrayContaining(home.locations.map((l) => l.id)));
    expect((await withKey(token, "/rooms")).statusCode).toBe(200);
    // Not in its scopes, though its creator's role holds them.
    expect((await withKey(token, "/staff")).statusCode).toBe(403);
    expect((await withKey(token, "/api-keys")).statusCode).toBe(403);
    expect((await withKey(token, "/me")).statusCode).toBe(403);
  });

  it("writes without an anti-forgery token, audited under its creator", async () => {
    const { token } = await createKey({ scopes: ["hours.manage"] });
    const response = await withKey(token, "/rooms", {
      method: "POST",
      payload: {
        data: {
          type: "rooms",
          attributes: { location_id: String(home.locations[1].id), name: "Key room", capacity: 3 },
        },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const roomId = Number(response.json().data.id);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "room"), eq(auditLog.subjectId, roomId)));
    expect(audit?.actorUserId).toBe(home.staff[ROLES.admin].id);
  });

  it("is refused at once when revoked, on this node and on another", async () => {
    const { id, token } = await createKey();
    expect((await withKey(token, "/locations")).statusCode).toBe(200);
    expect((await withKey(token, "/locations", { app: second })).statusCode).toBe(200);
    expect((await admin.post(`/api-keys/${id}/revoke`)).statusCode).toBe(204);
    for (const app of [t.app, second]) {
      const refused = await withKey(token, "/locations", { app });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().errors[0]).toMatchObject({ code: "api_key_invalid" });
      expect(refused.json().errors[0].detail).toBeTruthy();
    }
  });

  it("is refused once expired", async () => {
    const { id, token } = await createKey({ expires_at: "2099-01-01T00:00:00Z" });
    expect((await withKey(token, "/locations")).statusCode).toBe(200);
    await t.db
      .update(apiKeys)
      .set({ expiresAt: new Date("2026-01-01T00:00:00Z") })
      .where(eq(apiKeys.id, id));
    expect((await withKey(token, "/locations")).statusCode).toBe(401);
    const listed = (await admin.get("/api-keys"))
      .json()
      .data.find((k: { id: string }) => k.id === String(id));
    expect(listed.attributes.state).toBe("expired");
  });

  it("never reaches another vendor: on its host, it is refused", async () => {
    const { token } = await createKey();
    const response = await withKey(token, "/locations", { host: other.vendor.host });
    expect(response.statusCode).toBe(401);
    expect(response.json().data).toBeUndefined();
    // Nor reaches another vendor's rooms by id on its own host.
    const [foreignRoom] = await t.db
      .insert(rooms)
      .values({
        vendorId: other.vendor.id,
        locationId: other.locations[0].id,
        name: "Theirs",
        capacity: 2,
      })
      .returning();
    const scoped = await createKey({ scopes: ["hours.manage"] });
    expect((await withKey(scoped.token, `/rooms/${foreignRoom!.id}`)).statusCode).toBe(404);
  });

  it("refuses unknown, malformed and forged keys alike, with a localised 401", async () => {
    const { token } = await createKey();
    const forged = `${token.slice(0, 16)}${"A".repeat(43)}`;
    for (const bad of [forged, "nlk_short", "", "not-a-key", `${token}x`]) {
      const response = await withKey(bad, "/locations", { headers: { "accept-language": "fr" } });
      expect(response.statusCode, bad).toBe(401);
      expect(response.json().errors[0].code).toBe("api_key_invalid");
    }
    const english = (await withKey(forged, "/locations")).json().errors[0].detail;
    const french = (
      await withKey(forged, "/locations", { headers: { "accept-language": "fr" } })
    ).json().errors[0].detail;
    expect(french).not.toBe(english);
  });

  it("with a session cookie beside it, is the only credential: a bad key never falls back", async () => {
    const session = await signInAs(t.app, home.staff[ROLES.admin], home.vendor.host);
    const { token } = await createKey({ scopes: ["queue.view"] });
    const cookie = { cookie: session.cookie };
    // A revoked or forged key with a live Admin cookie: still 401, not the Admin's session.
    const forged = await withKey(`${token.slice(0, 16)}${"B".repeat(43)}`, "/api-keys", {
      headers: cookie,
    });
    expect(forged.statusCode).toBe(401);
    // A good key with an Admin cookie acts as the key: the Admin's rights do not add up with it.
    expect((await withKey(token, "/api-keys", { headers: cookie })).statusCode).toBe(403);
    // And a session without its anti-forgery token is still refused, key or no key elsewhere.
    const noCsrf = await t.app.inject({
      method: "POST",
      url: "/api/internal/v1/api-keys",
      headers: { host: home.vendor.host, ...cookie },
      payload: doc({ name: "Forged", scopes: ["queue.view"] }),
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it("is refused once its creator's account is deactivated", async () => {
    const [creator] = await t.db
      .insert(users)
      .values({
        vendorId: home.vendor.id,
        email: `leaver-${Date.now()}@example.com`,
        firstName: "Lee",
        lastName: "Ver",
        roleLevel: ROLES.admin,
        passwordHash: null,
      })
      .returning();
    const { createApiKey } = await import("./api-key-admin.ts");
    const { token } = await createApiKey(
      t.db,
      { vendorId: home.vendor.id, roleLevel: ROLES.admin, user: creator! },
      { name: "Leaver's key", scopes: ["locations.manage"] },
    );
    expect((await withKey(token, "/locations")).statusCode).toBe(200);
    await t.db.update(users).set({ active: false }).where(eq(users.id, creator!.id));
    expect((await withKey(token, "/locations")).statusCode).toBe(401);
  });

  it("records its last use at most once a minute", async () => {
    const { id, token } = await createKey();
    const lastUsed = async () =>
      (await t.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]?.lastUsedAt ?? null;
    const vendorId = home.vendor.id;
    const at = (iso: string) => new Date(iso);
    await loadApiKeyStaff(t.db, { token, vendorId, now: at("2031-03-01T10:00:00Z") });
    expect(await lastUsed()).toEqual(at("2031-03-01T10:00:00Z"));
    await loadApiKeyStaff(t.db, { token, vendorId, now: at("2031-03-01T10:00:59Z") });
    expect(await lastUsed()).toEqual(at("2031-03-01T10:00:00Z"));
    await loadApiKeyStaff(t.db, { token, vendorId, now: at("2031-03-01T10:01:00Z") });
    expect(await lastUsed()).toEqual(at("2031-03-01T10:01:00Z"));
    // Through the API, the list shows it.
    const fresh = await createKey();
    await withKey(fresh.token, "/locations");
    const listed = (await admin.get("/api-keys"))
      .json()
      .data.find((k: { id: string }) => k.id === String(fresh.id));
    expect(listed.attributes.last_used_at).not.toBeNull();
  });
});
