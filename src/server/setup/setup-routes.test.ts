// The setup link of an empty database: issued once per start (a new one voids the old), checked by
// GET /setup, spent by POST /setup on the first vendor and its admin, who is signed in; then dead.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { sessionCookieOf, uniqueRemoteAddress } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { SESSION_COOKIE } from "../auth/session-token.ts";
import { auditLog, setupTokens, users, vendorDomains } from "../db/schema.ts";
import { defineEventHandler } from "../jobs/event-handler.ts";
import { issueSetupTokenIfEmpty, setupState } from "./setup-token.ts";

const api = "/api/internal/v1";
const HOST = "setup.nextline.test";
const DAY = 24 * 60 * 60 * 1000;

let t: Awaited<ReturnType<typeof buildTestApp>>;
// What every node's cache invalidation receives.
const vendorEvents: number[] = [];
const vendorUpdated = defineEventHandler({
  name: "test-vendor-updated",
  version: 1,
  handles: ["vendor.updated"],
  delivery: "live",
  payload: z.object({}),
  async handle(event) {
    vendorEvents.push(event.vendorId);
  },
});
beforeAll(async () => {
  t = await buildTestApp({ seed: false, deps: { extraEventHandlers: [vendorUpdated] } });
});
afterAll(() => t.close());

function body(token: string, overrides: { vendor?: object; admin?: object } = {}) {
  return {
    data: {
      type: "setup",
      attributes: {
        token,
        vendor: {
          name: "Lakeside Credit Union",
          slug: "lakeside",
          hosts: [HOST],
          ...overrides.vendor,
        },
        admin: {
          first_name: "Maya",
          last_name: "Okafor",
          email: "maya.okafor@lakeside.example",
          password: "tundra-violin-parsnip-82",
          ...overrides.admin,
        },
      },
    },
  };
}

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: `${api}/setup`,
    headers: { host: HOST, ...headers },
    remoteAddress: uniqueRemoteAddress(),
    payload: payload as object,
  });

const state = async (token: string) => {
  const response = await t.app.inject({
    method: "GET",
    url: `${api}/setup?token=${encodeURIComponent(token)}`,
    headers: { host: HOST },
    remoteAddress: uniqueRemoteAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.attributes.state as string;
};

const pointers = (response: {
  json(): { errors: Array<{ source?: { pointer?: string }; code: string }> };
}) => response.json().errors.map((e) => `${e.source?.pointer} ${e.code}`);

describe("setup link", () => {
  it("is invalid when unknown, and a query that is not a token is refused, not a 500", async () => {
    expect(await state("no-such-token")).toBe("invalid");
    const odd = await t.app.inject({
      method: "GET",
      url: `${api}/setup?token=%00abc`,
      headers: { host: HOST },
      remoteAddress: uniqueRemoteAddress(),
    });
    expect(odd.statusCode).toBe(422);
  });

  it("leaves one working link per empty database when nodes start together", async () => {
    const issued = await Promise.all(
      Array.from({ length: 4 }, () => issueSetupTokenIfEmpty(t.db, { ttlMs: DAY })),
    );
    const tokens = issued.map((i) => i!.token);
    expect(new Set(tokens).size).toBe(4);
    const states = await Promise.all(tokens.map((token) => setupState(t.db, token)));
    expect(states.filter((s) => s === "ready")).toHaveLength(1);
    const [rows] = await t.db.select({ n: count() }).from(setupTokens);
    expect(rows!.n).toBe(1);
  });

  it("refuses an expired link with 400", async () => {
    const old = await issueSetupTokenIfEmpty(t.db, {
      ttlMs: 1_000,
      now: new Date(Date.now() - DAY),
    });
    expect(await state(old!.token)).toBe("invalid");
    const response = await post(body(old!.token));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors[0].code).toBe("setup_token_invalid");
  });

  it("refuses, at their pointers, a bad slug, bad or repeated hosts, text with U+0000 and unknown fields", async () => {
    const { token } = (await issueSetupTokenIfEmpty(t.db, { ttlMs: DAY }))!;
    const cases: Array<[unknown, string]> = [
      [body(token, { vendor: { slug: "Lakeside" } }), "/data/attributes/vendor/slug"],
      [body(token, { vendor: { slug: "lake--side-" } }), "/data/attributes/vendor/slug"],
      [body(token, { vendor: { slug: "lake\u0000side" } }), "/data/attributes/vendor/slug"],
      [body(token, { vendor: { name: "Lake\u0000side" } }), "/data/attributes/vendor/name"],
      [body(token, { vendor: { hosts: [HOST, "bad host!"] } }), "/data/attributes/vendor/hosts/1"],
      [
        body(token, { vendor: { hosts: [HOST, "a\u0000.example"] } }),
        "/data/attributes/vendor/hosts/1",
      ],
      [body(token, { vendor: { hosts: [HOST, HOST] } }), "/data/attributes/vendor/hosts/1"],
      [body(token, { vendor: { hosts: [] } }), "/data/attributes/vendor/hosts"],
      [body(token, { vendor: { hosts: ["elsewhere.example"] } }), "/data/attributes/vendor/hosts"],
      [body(token, { admin: { first_name: "\ud800" } }), "/data/attributes/admin/first_name"],
      [body(token, { admin: { email: "not-an-email" } }), "/data/attributes/admin/email"],
      [body(token, { admin: { password: "password1234" } }), "/data/attributes/admin/password"],
      [
        body(token, { admin: { password: "lakeside-credit-union" } }),
        "/data/attributes/admin/password",
      ],
      [body(token, { admin: { role_level: 50 } }), "/data/attributes/admin"],
    ];
    for (const [payload, pointer] of cases) {
      const response = await post(payload);
      expect(response.statusCode, `${pointer}: ${response.body}`).toBe(422);
      expect(
        pointers(response).some((p) => p.startsWith(pointer)),
        response.body,
      ).toBe(true);
    }
    // Nothing was spent: the link still works.
    expect(await state(token)).toBe("ready");
  });

  it("refuses a call from another site (CSRF by Origin, as sign-in)", async () => {
    const { token } = (await issueSetupTokenIfEmpty(t.db, { ttlMs: DAY }))!;
    const response = await post(body(token), { origin: "https://evil.example" });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe("csrf_invalid");
  });

  it("creates the vendor and its admin once, signs them in, and is dead afterwards", async () => {
    const { token } = (await issueSetupTokenIfEmpty(t.db, { ttlMs: DAY }))!;
    expect(await state(token)).toBe("ready");
    // Two uses of one link at once (a double click, two tabs): one vendor.
    const [first, second] = await Promise.all([
      post(body(token), { origin: `http://${HOST}` }),
      post(
        body(token, {
          vendor: { slug: "lakeside-two", hosts: [HOST, "two.example"] },
          admin: { email: "two@lakeside.example" },
        }),
      ),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses[0], `${first.body} ${second.body}`).toBe(201);
    expect([400, 409, 422]).toContain(statuses[1]);
    const created = first.statusCode === 201 ? first : second;
    expect(created.json().data.attributes).toMatchObject({ slug: expect.any(String), admins: 1 });
    const cookie = sessionCookieOf(created);
    expect(cookie).toBeDefined();

    const me = await t.app.inject({
      method: "GET",
      url: `${api}/me`,
      headers: { host: HOST, cookie: cookie! },
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data.role.level).toBe(30);
    expect(me.json().data.vendor.slug).toBe(created.json().data.attributes.slug);

    const vendorId = Number(created.json().data.id);
    const domains = await t.db
      .select()
      .from(vendorDomains)
      .where(eq(vendorDomains.vendorId, vendorId));
    expect(domains.map((d) => d.host)).toContain(HOST);
    const admins = await t.db.select().from(users).where(eq(users.vendorId, vendorId));
    expect(admins).toHaveLength(1);
    expect(admins[0]!.passwordHash).toBeTruthy();
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.vendorId, vendorId));
    expect(audits.map((a) => `${a.subjectType} ${a.action}`).sort()).toEqual([
      "staff created",
      "vendor created",
    ]);
    expect(audits.every((a) => a.actorUserId === null)).toBe(true);
    await expect.poll(() => vendorEvents).toContain(vendorId);

    // The public vendor of the host is the new one at once.
    const open = await t.app.inject({
      method: "GET",
      url: "/api/v2/open/vendor",
      headers: { host: HOST },
    });
    expect(open.statusCode, open.body).toBe(200);

    // Dead: the page says setup is done, a second setup is refused, a new start issues no link.
    expect(await state(token)).toBe("done");
    const again = await post(body(token, { vendor: { slug: "third" } }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe("setup_done");
    expect(again.cookies.some((c) => c.name === SESSION_COOKIE && c.value)).toBe(false);
    expect(await issueSetupTokenIfEmpty(t.db, { ttlMs: DAY })).toBeNull();
  });
});
