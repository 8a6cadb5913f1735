import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { sessions, users } from "../db/schema.ts";
import { hashToken } from "./session-token.ts";
import { LOCKOUT_MS, MAX_FAILED_SIGN_INS } from "./sign-in.ts";

describe("POST /api/internal/v1/session (sign in)", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let home: StaffWorld;
  let other: StaffWorld;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
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

  it("spends about as long on an unknown email as on a wrong password (both verify one argon2 hash)", async () => {
    const staff = home.staff[ROLES.staff_advanced];
    const time = async (email: string) => {
      const start = performance.now();
      await signIn({ email, password: "not-the-password" });
      return performance.now() - start;
    };
    await time("warm-up@staff.test");
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time(staff.email));
      unknown.push(await time(`nobody-${i}@staff.test`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    // An unknown email that skipped hashing would answer in well under a tenth of the time.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
    // Reset the failures this test counted on the account.
    await t.db.update(users).set({ failedSignIns: 0 }).where(eq(users.id, staff.id));
  });

  it("localises the refusal", async () => {
    const res = await signIn(
      { email: "nobody@staff.test", password: "nope-nope-nope" },
      { headers: { "accept-language": "fr" } },
    );
    expect(res.json().errors[0].detail).toBe("L’adresse e-mail ou le mot de passe est incorrect.");
  });

  it(`locks the account for 15 minutes after ${MAX_FAILED_SIGN_INS} consecutive failures, with Retry-After`, async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
    });
    for (let i = 1; i < MAX_FAILED_SIGN_INS; i++) {
      expect(
        (await signIn({ email: account.email, password: `wrong-${i}-password` })).statusCode,
      ).toBe(401);
    }
    const locking = await signIn({ email: account.email, password: "wrong-5-password" });
    expect(locking.statusCode).toBe(429);
    expect(locking.json().errors[0].code).toBe("account_locked");
    const retryAfter = Number(locking.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(LOCKOUT_MS / 1000 - 5);
    expect(retryAfter).toBeLessThanOrEqual(LOCKOUT_MS / 1000);
    expect(locking.json().errors[0].detail).toBe(
      "Too many failed sign-in attempts. Try again in 15 minutes.",
    );

    // Even the right password is refused while locked, from any address.
    const right = await signIn({ email: account.email, password: FIXTURE_PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
    expect(sessionCookieOf(right)).toBeUndefined();

    // Once the lock has run out, the right password works and the count starts again.
    await t.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, account.id));
    expect((await signIn({ email: account.email, password: FIXTURE_PASSWORD })).statusCode).toBe(
      200,
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, account.id));
    expect(row!.failedSignIns).toBe(0);
    expect(row!.lockedUntil).toBeNull();
  });

  it("resets the failure count on success, so only consecutive failures lock", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
    });
    for (let round = 0; round < 2; round++) {
      for (let i = 1; i < MAX_FAILED_SIGN_INS; i++) {
        expect(
          (await signIn({ email: account.email, password: "wrong-password!" })).statusCode,
        ).toBe(401);
      }
      expect((await signIn({ email: account.email, password: FIXTURE_PASSWORD })).statusCode).toBe(
        200,
      );
    }
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
