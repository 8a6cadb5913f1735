import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createStaffUser,
  createStaffWorld,
  FIXTURE_PASSWORD,
  type StaffFixture,
  type StaffWorld,
  signInAs,
  uniqueRemoteAddress,
} from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { passwordResetTokens, sessions } from "../db/schema.ts";
import { taskQueue } from "../jobs/job-task.ts";
import { passwordResetLink } from "./password-reset-link.ts";
import {
  DELIVER_PASSWORD_RESET,
  issuePasswordResetToken,
  RESET_TOKEN_TTL_MS,
} from "./password-resets.ts";
import { hashToken } from "./session-token.ts";

describe("password reset", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let home: StaffWorld;
  let other: StaffWorld;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    home = await createStaffWorld(t.db);
    other = await createStaffWorld(t.db);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, host = home.vendor.host) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { host },
      remoteAddress: uniqueRemoteAddress(),
      payload,
    });

  /** Issues a token the way the delivery job does and returns it. */
  async function resetTokenFor(account: StaffFixture, vendorId = account.vendorId, now?: Date) {
    const issued = await issuePasswordResetToken(t.db, {
      userId: account.id,
      vendorId,
      ...(now ? { now } : {}),
    });
    if (!issued) throw new Error("no token issued");
    return issued.token;
  }

  const deliveryJobs = () =>
    t.app.jobs.boss.findJobs<{ userId: number | null }>(taskQueue(DELIVER_PASSWORD_RESET));
  const WAIT = { timeout: 10_000, interval: 50 };

  it("answers a known and an unknown email alike, each request queuing exactly one delivery job and nothing more", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
    });
    const before = (await deliveryJobs()).length;
    const known = await post("/api/internal/v1/password-resets", { email: account.email });
    const afterKnown = await deliveryJobs();
    // The request itself made no token: the job does, off the request path.
    const tokensMadeByRequest = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, account.id));
    const unknown = await post("/api/internal/v1/password-resets", { email: "nobody@staff.test" });
    const afterUnknown = await deliveryJobs();

    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    expect(known.headers["content-type"]).toBe(unknown.headers["content-type"]);
    expect(afterKnown.length - before).toBe(1);
    expect(afterUnknown.length - afterKnown.length).toBe(1);
    expect(tokensMadeByRequest.length).toBeLessThanOrEqual(1);
    const newest = afterUnknown.filter((job) => !afterKnown.some((k) => k.id === job.id));
    expect(newest.map((job) => job.data.userId)).toEqual([null]);
  });

  it("delivers a link for a known email through the job, storing only the hash of a 30-minute token", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
    });
    expect(
      (await post("/api/internal/v1/password-resets", { email: account.email })).statusCode,
    ).toBe(202);
    const rows = await vi.waitFor(async () => {
      const found = await t.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, account.id));
      expect(found).toHaveLength(1);
      return found;
    }, WAIT);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    const lifetime = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(lifetime).toBe(RESET_TOKEN_TTL_MS);
  });

  it("creates no token for an account asked for on another vendor's host, nor for a deactivated one", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
    });
    const inactive = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
      active: false,
    });
    const before = (await deliveryJobs()).map((job) => job.id);
    expect(
      (await post("/api/internal/v1/password-resets", { email: account.email }, other.vendor.host))
        .statusCode,
    ).toBe(202);
    expect(
      (await post("/api/internal/v1/password-resets", { email: inactive.email })).statusCode,
    ).toBe(202);
    const queued = (await deliveryJobs()).filter((job) => !before.includes(job.id));
    expect(queued.map((job) => job.data.userId)).toEqual([null, null]);
    // And should either change before the job runs, the job checks again.
    expect(
      await issuePasswordResetToken(t.db, { userId: account.id, vendorId: other.vendor.id }),
    ).toBeNull();
    expect(
      await issuePasswordResetToken(t.db, { userId: inactive.id, vendorId: home.vendor.id }),
    ).toBeNull();
    for (const id of [account.id, inactive.id]) {
      expect(
        await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, id)),
      ).toHaveLength(0);
    }
  });

  it("sets the new password with the token once, signs the account out everywhere, and refuses the token again", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
    });
    const session = await signInAs(t.app, account, home.vendor.host);
    const token = await resetTokenFor(account);

    const done = await post(`/api/internal/v1/password-resets/${token}`, {
      password: "a brand new secret",
    });
    expect(done.statusCode).toBe(204);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, account.id))).toHaveLength(
      0,
    );
    const me = await t.app.inject({
      url: "/api/internal/v1/me",
      headers: { host: home.vendor.host, cookie: session.cookie },
    });
    expect(me.statusCode).toBe(401);

    await expect(signInAs(t.app, account, home.vendor.host)).rejects.toThrow(/401/);
    await signInAs(
      t.app,
      { email: account.email, password: "a brand new secret" },
      home.vendor.host,
    );

    const again = await post(`/api/internal/v1/password-resets/${token}`, {
      password: "yet another secret",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].code).toBe("reset_token_invalid");
  });

  it("refuses an expired token, one of another vendor, an unknown one and a malformed one with the same 400", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
    });
    const expired = await resetTokenFor(
      account,
      account.vendorId,
      new Date(Date.now() - RESET_TOKEN_TTL_MS - 1000),
    );
    const fresh = await resetTokenFor(
      await createStaffUser(t.db, { vendorId: home.vendor.id, roleLevel: ROLES.staff }),
    );
    const cases: [string, string][] = [
      [expired, home.vendor.host],
      [fresh, other.vendor.host],
      ["x".repeat(43), home.vendor.host],
      ["%00%20", home.vendor.host],
    ];
    const bodies = [];
    for (const [token, host] of cases) {
      const res = await post(
        `/api/internal/v1/password-resets/${token}`,
        { password: "long enough secret" },
        host,
      );
      expect(res.statusCode, token).toBe(400);
      bodies.push(res.json());
    }
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    // The refused attempts did not spend the fresh token.
    expect(
      (await post(`/api/internal/v1/password-resets/${fresh}`, { password: "long enough secret" }))
        .statusCode,
    ).toBe(204);
  });

  it("keeps only the newest link of an account working", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
    });
    const first = await resetTokenFor(account);
    const second = await resetTokenFor(account);
    expect(
      (await post(`/api/internal/v1/password-resets/${first}`, { password: "long enough secret" }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(`/api/internal/v1/password-resets/${second}`, { password: "long enough secret" }))
        .statusCode,
    ).toBe(204);
  });

  it("refuses a password under 10 characters or equal to the email, without spending the token", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
      email: `long.enough.address.${Date.now()}@staff.test`,
    });
    const token = await resetTokenFor(account);
    const short = await post(`/api/internal/v1/password-resets/${token}`, { password: "short" });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors[0]).toMatchObject({ source: { pointer: "/password" } });
    expect(short.json().errors[0].detail).toBe("The password must have at least 10 characters.");
    const asEmail = await post(`/api/internal/v1/password-resets/${token}`, {
      password: account.email.toUpperCase(),
    });
    expect(asEmail.statusCode).toBe(422);
    expect(asEmail.json().errors[0].code).toBe("password_contains_personal_info");
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.id, hashToken(token)));
    expect(row!.usedAt).toBeNull();
    expect(
      await signInAs(t.app, { email: account.email, password: FIXTURE_PASSWORD }, home.vendor.host),
    ).toBeTruthy();
  });

  it("refuses a common password, one built from the vendor's name or the email, and a guessable one, localised, without spending the token", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
      email: `jane.doe.${Date.now()}@staff.test`,
    });
    const token = await resetTokenFor(account);
    const cases: [string, string, string][] = [
      ["Password1234!", "password_too_common", "Ce mot de passe est trop courant"],
      [`${home.vendor.slug}-2026!`, "password_contains_personal_info", "Le mot de passe ne doit"],
      ["jane.doe-staff!", "password_contains_personal_info", "Le mot de passe ne doit"],
      ["abcdefghijklmnop", "password_too_weak", "Ce mot de passe est trop facile"],
    ];
    for (const [password, code, detail] of cases) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/internal/v1/password-resets/${token}`,
        headers: { host: home.vendor.host, "accept-language": "fr" },
        remoteAddress: uniqueRemoteAddress(),
        payload: { password },
      });
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors[0], password).toMatchObject({
        code,
        source: { pointer: "/password" },
      });
      expect(res.json().errors[0].detail, password).toContain(detail);
    }
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.id, hashToken(token)));
    expect(row!.usedAt).toBeNull();
    expect(
      (
        await post(`/api/internal/v1/password-resets/${token}`, {
          password: "teller lantern harbour",
        })
      ).statusCode,
    ).toBe(204);
  });

  it("lets only one of two simultaneous uses of a token succeed", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
    });
    const token = await resetTokenFor(account);
    const results = await Promise.all([
      post(`/api/internal/v1/password-resets/${token}`, { password: "first new secret" }),
      post(`/api/internal/v1/password-resets/${token}`, { password: "second new secret" }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 400]);
  });

  it("builds the link on the vendor's registered host, and never on a forged Host header", async () => {
    const publicUrl = "https://queue.example.com";
    const onVendorHost = await passwordResetLink(t.db, {
      requestHost: `${home.vendor.host}:443`,
      vendorId: home.vendor.id,
      publicUrl,
      token: "abc",
    });
    expect(onVendorHost).toBe(`https://${home.vendor.host}/reset-password?token=abc`);
    for (const requestHost of ["evil.example", other.vendor.host]) {
      const link = await passwordResetLink(t.db, {
        requestHost,
        vendorId: home.vendor.id,
        publicUrl,
        token: "abc",
      });
      expect(link).toBe("https://queue.example.com/reset-password?token=abc");
    }
  });
});
