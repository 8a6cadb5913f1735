import cookie from "@fastify/cookie";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { requireStaff } from "./require-staff.ts";
import { setSessionCookie } from "./session-cookie.ts";
import { registerStaffSessions } from "./staff-session-plugin.ts";

describe("internal route guard", () => {
  it("refuses to register an internal route without requireStaff", () => {
    const app = Fastify();
    registerStaffSessions(app);
    expect(() => app.get("/api/internal/v1/open-door", async () => "hi")).toThrow(
      /without requireStaff/,
    );
  });

  it("accepts internal routes guarded by requireStaff or marked as used before a session", async () => {
    const app = Fastify();
    registerStaffSessions(app);
    app.get(
      "/api/internal/v1/guarded",
      { preHandler: [requireStaff("queue.view")] },
      async () => "ok",
    );
    app.post("/api/internal/v1/sign-in-like", { config: { preSession: true } }, async () => "ok");
    app.get("/api/v2/open/anything", async () => "ok");
    await app.ready();
    await app.close();
  });
});

describe("session cookie", () => {
  async function cookieFor(options: {
    trustProxy: boolean;
    publicUrl: string;
    forwardedProto?: string;
  }) {
    const app = Fastify({ trustProxy: options.trustProxy });
    await app.register(cookie);
    app.get("/", async (request, reply) => {
      setSessionCookie(request, reply, "token", options.publicUrl);
      return "ok";
    });
    const headers = options.forwardedProto ? { "x-forwarded-proto": options.forwardedProto } : {};
    const res = await app.inject({ url: "/", headers });
    await app.close();
    return res.cookies.find((c) => c.name === "nl_session")!;
  }

  it("is Secure behind an HTTPS proxy when the proxy is trusted", async () => {
    expect(
      (
        await cookieFor({
          trustProxy: true,
          publicUrl: "http://localhost:3000",
          forwardedProto: "https",
        })
      ).secure,
    ).toBe(true);
  });

  it("ignores X-Forwarded-Proto from an untrusted client", async () => {
    expect(
      (
        await cookieFor({
          trustProxy: false,
          publicUrl: "http://localhost:3000",
          forwardedProto: "https",
        })
      ).secure,
    ).toBeFalsy();
  });

  it("is Secure whenever PUBLIC_URL is https", async () => {
    const set = await cookieFor({ trustProxy: false, publicUrl: "https://queue.example.com" });
    expect(set.secure).toBe(true);
    expect(set.httpOnly).toBe(true);
    expect(set.sameSite).toBe("Lax");
    expect(set.maxAge).toBe(7 * 24 * 60 * 60);
  });
});
