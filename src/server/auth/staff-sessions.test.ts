import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStaffUser,
  createStaffWorld,
  type StaffWorld,
  signInAs,
  uniqueRemoteAddress,
} from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { sessions, users } from "../db/schema.ts";
import { hashToken, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "./session-token.ts";
import { loadStaffSession } from "./staff-sessions.ts";

describe("staff sessions", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let home: StaffWorld;
  let other: StaffWorld;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    home = await createStaffWorld(t.db);
    other = await createStaffWorld(t.db);
  });
  afterAll(() => t.close());

  const call = (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    headers: Record<string, string>,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { host: home.vendor.host, ...headers },
      remoteAddress: uniqueRemoteAddress(),
    });

  const tokenOf = (cookie: string) => cookie.slice("nl_session=".length);

  it("signs out: the session row goes, the cookie is cleared, and the old cookie no longer works", async () => {
    const session = await signInAs(t.app, home.staff[ROLES.staff], home.vendor.host);
    const out = await call("DELETE", "/api/internal/v1/session", {
      cookie: session.cookie,
      "x-csrf-token": session.csrfToken,
    });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === "nl_session")!;
    expect(cleared.value).toBe("");
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(tokenOf(session.cookie))));
    expect(row).toBeUndefined();
    const me = await call("GET", "/api/internal/v1/me", { cookie: session.cookie });
    expect(me.statusCode).toBe(401);
    expect(me.json().errors[0].code).toBe("unauthenticated");
  });

  it("signs out everywhere: every session of the account ends, other accounts keep theirs", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
    });
    const laptop = await signInAs(t.app, account, home.vendor.host);
    const phone = await signInAs(t.app, account, home.vendor.host);
    const colleague = await signInAs(t.app, home.staff[ROLES.staff_plus], home.vendor.host);
    const out = await call("DELETE", "/api/internal/v1/sessions", {
      cookie: laptop.cookie,
      "x-csrf-token": laptop.csrfToken,
    });
    expect(out.statusCode).toBe(204);
    expect((await call("GET", "/api/internal/v1/me", { cookie: phone.cookie })).statusCode).toBe(
      401,
    );
    expect((await call("GET", "/api/internal/v1/me", { cookie: laptop.cookie })).statusCode).toBe(
      401,
    );
    expect(
      (await call("GET", "/api/internal/v1/me", { cookie: colleague.cookie })).statusCode,
    ).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, account.id))).toHaveLength(
      0,
    );
  });

  it("refuses DELETE /session with a missing or wrong CSRF token (403 csrf_invalid) and keeps the session", async () => {
    const session = await signInAs(t.app, home.staff[ROLES.staff], home.vendor.host);
    const other = await signInAs(t.app, home.staff[ROLES.staff], home.vendor.host);
    for (const token of [undefined, "", "not-a-token", other.csrfToken, `${session.csrfToken}x`]) {
      const headers: Record<string, string> = { cookie: session.cookie };
      if (token !== undefined) headers["x-csrf-token"] = token;
      const res = await call("DELETE", "/api/internal/v1/session", headers);
      expect(res.statusCode, String(token)).toBe(403);
      expect(res.json().errors[0].code).toBe("csrf_invalid");
    }
    expect((await call("GET", "/api/internal/v1/me", { cookie: session.cookie })).statusCode).toBe(
      200,
    );
  });

  it("checks the CSRF token on every state-changing method, before anything else", async () => {
    const session = await signInAs(t.app, home.staff[ROLES.manager], home.vendor.host);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      const res = await call(method, "/api/internal/v1/sessions", { cookie: session.cookie });
      expect(res.statusCode, method).toBe(403);
      expect(res.json().errors[0].code).toBe("csrf_invalid");
    }
    // Reading needs no token.
    expect((await call("GET", "/api/internal/v1/me", { cookie: session.cookie })).statusCode).toBe(
      200,
    );
  });

  it("answers 401 for a session past its idle expiry, deletes it and clears the cookie", async () => {
    const session = await signInAs(t.app, home.staff[ROLES.staff], home.vendor.host);
    const id = hashToken(tokenOf(session.cookie));
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    const res = await call("GET", "/api/internal/v1/me", { cookie: session.cookie });
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === "nl_session")?.value).toBe("");
    expect(await t.db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0);
  });

  it("slides the idle expiry forward on use, never past 7 days after sign-in", async () => {
    const session = await signInAs(t.app, home.staff[ROLES.staff], home.vendor.host);
    const id = hashToken(tokenOf(session.cookie));
    const [created] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    const signedInAt = created!.createdAt.getTime();
    // An hour after sign-in, a request extends the idle deadline to an hour + 12 h.
    const anHourLater = new Date(signedInAt + 60 * 60 * 1000);
    await loadStaffSession(t.db, {
      token: tokenOf(session.cookie),
      vendorId: home.vendor.id,
      now: anHourLater,
    });
    const [slid] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    expect(slid!.expiresAt.getTime()).toBe(anHourLater.getTime() + SESSION_IDLE_MS);
    // Near the absolute end, it extends no further than 7 days after sign-in.
    const almostAWeek = new Date(signedInAt + SESSION_ABSOLUTE_MS - 60 * 60 * 1000);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(signedInAt + SESSION_ABSOLUTE_MS) })
      .where(eq(sessions.id, id));
    await loadStaffSession(t.db, {
      token: tokenOf(session.cookie),
      vendorId: home.vendor.id,
      now: almostAWeek,
    });
    const [capped] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    expect(capped!.expiresAt.getTime()).toBe(signedInAt + SESSION_ABSOLUTE_MS);
    const afterAWeek = new Date(signedInAt + SESSION_ABSOLUTE_MS + 1);
    expect(
      await loadStaffSession(t.db, {
        token: tokenOf(session.cookie),
        vendorId: home.vendor.id,
        now: afterAWeek,
      }),
    ).toBeNull();
  });

  it("does not accept a session on another vendor's host", async () => {
    const session = await signInAs(t.app, home.staff[ROLES.admin], home.vendor.host);
    const res = await call("GET", "/api/internal/v1/me", {
      cookie: session.cookie,
      host: other.vendor.host,
    });
    expect(res.statusCode).toBe(401);
    // …and the session still works at home.
    expect((await call("GET", "/api/internal/v1/me", { cookie: session.cookie })).statusCode).toBe(
      200,
    );
  });

  it("ends the sessions of an account as soon as it is deactivated", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
    });
    const session = await signInAs(t.app, account, home.vendor.host);
    await t.db.update(users).set({ active: false }).where(eq(users.id, account.id));
    expect((await call("GET", "/api/internal/v1/me", { cookie: session.cookie })).statusCode).toBe(
      401,
    );
  });

  it("reads the role from the account on every request, so a demotion applies at once", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.manager,
    });
    const session = await signInAs(t.app, account, home.vendor.host);
    await t.db.update(users).set({ roleLevel: ROLES.staff }).where(eq(users.id, account.id));
    const me = await call("GET", "/api/internal/v1/me", { cookie: session.cookie });
    expect(me.json().data.role).toEqual({ level: ROLES.staff, name: "staff" });
    expect(me.json().data.permissions).not.toContain("staff.manage");
  });

  it("answers 401 to an unknown or malformed cookie, never 500", async () => {
    for (const cookie of [
      "nl_session=forged",
      "nl_session=",
      "nl_session=%ZZ",
      `nl_session=${"a".repeat(5000)}`,
    ]) {
      const res = await call("GET", "/api/internal/v1/me", { cookie });
      expect(res.statusCode, cookie).toBe(401);
    }
  });

  it("marks internal answers as not cacheable", async () => {
    const session = await signInAs(t.app, home.staff[ROLES.staff], home.vendor.host);
    const res = await call("GET", "/api/internal/v1/me", { cookie: session.cookie });
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});
