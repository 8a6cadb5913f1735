import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  createStaffUser,
  createStaffWorld,
  FIXTURE_PASSWORD,
  type StaffWorld,
  sessionCookieOf,
  uniqueRemoteAddress,
} from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { domainEvents, sessions, users } from "../db/schema.ts";
import type { DispatchedEvent } from "../events/outbox.ts";
import { defineEventHandler } from "../jobs/event-handler.ts";
import { hashToken } from "./session-token.ts";
import { REPORT_AFTER_FAILURES, SIGN_IN_THROTTLE } from "./sign-in-throttle.ts";

// The real hashing, counted: an unknown address must cost the same argon2 verification a wrong
// password does, which a count shows without timing anything.
const passwordChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock("../security/password-hash.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../security/password-hash.ts")>();
  return {
    ...real,
    verifyPassword: (...args: Parameters<typeof real.verifyPassword>) => {
      passwordChecks.count++;
      return real.verifyPassword(...args);
    },
  };
});

describe("POST /api/internal/v1/session (sign in)", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let home: StaffWorld;
  let other: StaffWorld;
  // What a notifications handler would receive.
  const reported: Pick<
    DispatchedEvent,
    "type" | "vendorId" | "aggregateType" | "aggregateId" | "payload"
  >[] = [];
  const failuresHandler = defineEventHandler({
    name: "test-sign-in-failures",
    version: 1,
    handles: ["staff.sign_in_failures"],
    delivery: "live",
    payload: z.object({ failures: z.number() }),
    async handle(event) {
      const { type, vendorId, aggregateType, aggregateId, payload } = event;
      reported.push({ type, vendorId, aggregateType, aggregateId, payload });
    },
  });
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, deps: { extraEventHandlers: [failuresHandler] } });
    home = await createStaffWorld(t.db);
    other = await createStaffWorld(t.db);
  });
  afterAll(() => t.close());

  const signIn = (
    body: Record<string, unknown>,
    options: { host?: string; remoteAddress?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: "POST",
      url: "/api/internal/v1/session",
      headers: { host: options.host ?? home.vendor.host, ...options.headers },
      remoteAddress: options.remoteAddress ?? uniqueRemoteAddress(),
      payload: body,
    });

  it("signs in and sets an httpOnly, SameSite=Lax session cookie holding a token whose hash is stored", async () => {
    const staff = home.staff[ROLES.staff];
    const res = await signIn({ email: staff.email, password: FIXTURE_PASSWORD });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === "nl_session")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.path).toBe("/");
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    const body = res.json();
    expect(body.data.user.email).toBe(staff.email);
    expect(body.csrf_token).toMatch(/^[\w-]{43}$/);
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, staff.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toBe(cookie.value);
    expect(stored[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.vendorId).toBe(home.vendor.id);
  });

  it("replaces the session the browser already has when signing in again", async () => {
    const staff = home.staff[ROLES.staff_plus];
    const first = await signIn({ email: staff.email, password: FIXTURE_PASSWORD });
    const firstCookie = sessionCookieOf(first)!;
    const second = await signIn(
      { email: staff.email, password: FIXTURE_PASSWORD },
      { headers: { cookie: firstCookie } },
    );
    expect(second.statusCode).toBe(200);
    expect(sessionCookieOf(second)).not.toBe(firstCookie);
    const firstId = hashToken(firstCookie.slice("nl_session=".length));
    expect(await t.db.select().from(sessions).where(eq(sessions.id, firstId))).toHaveLength(0);
  });

  it("matches the email without regard to case or surrounding spaces", async () => {
    const staff = home.staff[ROLES.manager];
    const res = await signIn({
      email: `  ${staff.email.toUpperCase()} `,
      password: FIXTURE_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
  });

  it("answers a wrong password and an unknown email with the same 401 and no cookie", async () => {
    const staff = home.staff[ROLES.staff_plus];
    const wrongPassword = await signIn({ email: staff.email, password: "not-the-password" });
    const unknownEmail = await signIn({ email: "nobody@staff.test", password: "not-the-password" });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(sessionCookieOf(res)).toBeUndefined();
    }
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().errors[0].code).toBe("invalid_credentials");
  });

  it("verifies one argon2 hash for an unknown email as for a wrong password", async () => {
    const staff = home.staff[ROLES.staff_advanced];
    const checksFor = async (email: string) => {
      const before = passwordChecks.count;
      const res = await signIn(
        { email, password: "not-the-password" },
        { remoteAddress: uniqueRemoteAddress() },
      );
      expect(res.statusCode).toBe(401);
      return passwordChecks.count - before;
    };
    expect(await checksFor(staff.email)).toBe(1);
    expect(await checksFor("nobody-at-all@staff.test")).toBe(1);
  });

  it("localises the refusal", async () => {
    const res = await signIn(
      { email: "nobody@staff.test", password: "nope-nope-nope" },
      { headers: { "accept-language": "fr" } },
    );
    expect(res.json().errors[0].detail).toBe("L’adresse e-mail ou le mot de passe est incorrect.");
  });

  it("answers an unknown address exactly like a known one: the same 401s, then the same 429 with Retry-After and a localised message", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
    });
    const answers = async (email: string) => {
      const remoteAddress = uniqueRemoteAddress();
      const seen = [];
      for (let i = 0; i <= SIGN_IN_THROTTLE.pairFreeFailures; i++) {
        const res = await signIn(
          { email, password: `wrong-${i}-password` },
          { remoteAddress, headers: { "accept-language": "fr" } },
        );
        seen.push({
          status: res.statusCode,
          body: res.json(),
          retryAfter: res.headers["retry-after"],
        });
      }
      return seen;
    };
    const known = await answers(account.email);
    const unknown = await answers(`nobody-${account.id}@staff.test`);
    expect(known).toEqual(unknown);
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429]);
    const throttled = known.at(-1)!;
    expect(throttled.body.errors[0].code).toBe("sign_in_throttled");
    expect(throttled.retryAfter).toBe(String(SIGN_IN_THROTTLE.baseDelayMs / 1000));
    expect(throttled.body.errors[0].detail).toBe(
      "Trop de tentatives de connexion infructueuses. Réessayez dans 5 secondes.",
    );
  });

  it("keeps the owner's usual client working while a stranger's failures slow only the stranger", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
    });
    const owners = "198.51.100.10";
    const strangers = "203.0.113.99";
    const right = { email: account.email, password: FIXTURE_PASSWORD };
    const wrong = { email: account.email, password: "not-the-password" };
    expect((await signIn(right, { remoteAddress: owners })).statusCode).toBe(200);

    for (let i = 0; i < SIGN_IN_THROTTLE.pairFreeFailures; i++) {
      expect((await signIn(wrong, { remoteAddress: strangers })).statusCode).toBe(401);
    }
    // The stranger now waits, even with the right password …
    expect((await signIn(right, { remoteAddress: strangers })).statusCode).toBe(429);
    // … the owner does not.
    expect((await signIn(right, { remoteAddress: owners })).statusCode).toBe(200);

    // Guesses spread over many addresses slow every client the account has not seen sign in,
    // and still not the owner's.
    const spread = SIGN_IN_THROTTLE.accountFreeFailures - SIGN_IN_THROTTLE.pairFreeFailures;
    for (let i = 0; i < spread; i++) {
      expect((await signIn(wrong)).statusCode).toBe(401);
    }
    const newClient = await signIn(right);
    expect(newClient.statusCode).toBe(429);
    expect(newClient.json().errors[0].code).toBe("sign_in_throttled");
    expect((await signIn(right, { remoteAddress: owners })).statusCode).toBe(200);
  });

  it("records one staff.sign_in_failures event per burst of failures, and none for an unknown address", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
    });
    const outboxEmpty = () =>
      vi.waitFor(async () => expect(await t.db.select().from(domainEvents)).toHaveLength(0), {
        timeout: 10_000,
        interval: 50,
      });
    // Earlier tests' bursts are reported first; this one counts from here.
    await outboxEmpty();
    reported.length = 0;
    const failures = REPORT_AFTER_FAILURES + 4;
    for (const email of [account.email, `nobody-${account.id}@staff.test`]) {
      for (let i = 0; i < failures; i++) {
        // Two attempts per address: the per-client delay never starts, only the account's count grows.
        const remoteAddress = `10.77.${account.id % 250}.${Math.floor(i / 2)}`;
        expect(
          (await signIn({ email, password: "not-the-password" }, { remoteAddress })).statusCode,
        ).toBe(401);
      }
    }
    // Once the outbox is empty every recorded event has been handed on.
    await vi.waitFor(async () => expect(await t.db.select().from(domainEvents)).toHaveLength(0), {
      timeout: 10_000,
      interval: 50,
    });
    expect(reported).toEqual([
      {
        type: "staff.sign_in_failures",
        vendorId: home.vendor.id,
        aggregateType: "staff",
        aggregateId: account.id,
        payload: { failures: REPORT_AFTER_FAILURES },
      },
    ]);
  });

  it("limits sign-in attempts per address: the eleventh within a minute gets 429 with Retry-After", async () => {
    const remoteAddress = "203.0.113.7";
    for (let i = 0; i < 10; i++) {
      const res = await signIn(
        { email: `nobody-${i}@staff.test`, password: "whatever-it-is" },
        { remoteAddress },
      );
      expect(res.statusCode).toBe(401);
    }
    const limited = await signIn(
      { email: "nobody@staff.test", password: "whatever-it-is" },
      { remoteAddress },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0].code).toBe("rate_limited");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not affected.
    const staff = home.staff[ROLES.staff];
    expect((await signIn({ email: staff.email, password: FIXTURE_PASSWORD })).statusCode).toBe(200);
  });

  it("refuses a deactivated account with its right password, and says so", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
      active: false,
    });
    const res = await signIn({ email: account.email, password: FIXTURE_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe("account_inactive");
    expect(sessionCookieOf(res)).toBeUndefined();
    // With a wrong password it reads like any other failure.
    expect((await signIn({ email: account.email, password: "wrong-password!" })).statusCode).toBe(
      401,
    );
  });

  it("refuses an account without a password like a wrong password", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
    });
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, account.id));
    const res = await signIn({ email: account.email, password: FIXTURE_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe("invalid_credentials");
  });

  it("refuses an account on another vendor's host exactly like an unknown email", async () => {
    const staff = home.staff[ROLES.admin];
    const res = await signIn(
      { email: staff.email, password: FIXTURE_PASSWORD },
      { host: other.vendor.host },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe("invalid_credentials");
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it("lets a platform admin sign in on any vendor's host, acting for that vendor", async () => {
    const admin = home.staff[ROLES.platform_admin];
    const res = await signIn(
      { email: admin.email, password: FIXTURE_PASSWORD },
      { host: other.vendor.host },
    );
    expect(res.statusCode).toBe(200);
    const me = res.json().data;
    expect(me.vendor.id).toBe(other.vendor.id);
    expect(me.locations.map((l: { id: number }) => l.id).sort()).toEqual(
      other.locations.map((l) => l.id).sort(),
    );
  });

  it("refuses a sign-in posted from another site (login CSRF), and accepts our own origin", async () => {
    const staff = home.staff[ROLES.staff];
    const forged = await signIn(
      { email: staff.email, password: FIXTURE_PASSWORD },
      { headers: { origin: "https://evil.example" } },
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.json().errors[0].code).toBe("csrf_invalid");
    const viaReferer = await signIn(
      { email: staff.email, password: FIXTURE_PASSWORD },
      { headers: { referer: "https://evil.example/login" } },
    );
    expect(viaReferer.statusCode).toBe(403);
    const own = await signIn(
      { email: staff.email, password: FIXTURE_PASSWORD },
      { headers: { origin: `http://${home.vendor.host}` } },
    );
    expect(own.statusCode).toBe(200);
  });

  it("refuses a form-encoded body, which a cross-site form could send", async () => {
    const staff = home.staff[ROLES.staff];
    const res = await t.app.inject({
      method: "POST",
      url: "/api/internal/v1/session",
      headers: { host: home.vendor.host, "content-type": "application/x-www-form-urlencoded" },
      remoteAddress: uniqueRemoteAddress(),
      payload: `email=${encodeURIComponent(staff.email)}&password=${FIXTURE_PASSWORD}`,
    });
    expect(res.statusCode).toBe(415);
    const asText = await t.app.inject({
      method: "POST",
      url: "/api/internal/v1/session",
      headers: { host: home.vendor.host, "content-type": "text/plain" },
      remoteAddress: uniqueRemoteAddress(),
      payload: JSON.stringify({ email: staff.email, password: FIXTURE_PASSWORD }),
    });
    expect(asText.statusCode).toBe(422);
    expect(sessionCookieOf(asText)).toBeUndefined();
  });

  it("refuses unknown fields and missing ones with 422 and a pointer", async () => {
    const res = await signIn({ email: "a@b.test", password: "x", remember: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      code: "unknown_field",
      source: { pointer: "/remember" },
    });
    const missing = await signIn({ email: "a@b.test" });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0].source.pointer).toBe("/password");
  });
});
