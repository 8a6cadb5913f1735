// The per-vendor frame-ancestors of the visitor pages, through the real app serving a web root.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVendor, updateVendorSettings } from "../../../test/factories/vendors.ts";
import { openTestDatabase } from "../../../test/test-database.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { vendors } from "../db/schema.ts";
import { seedDemoData } from "../demo/seed.ts";
import { frameAncestorSources, isVisitorPagePath, withFrameAncestors } from "./frame-ancestors.ts";

describe("frame-ancestors rules", () => {
  it("allows 'self' and each configured origin once, without paths", () => {
    expect(
      frameAncestorSources([
        "https://www.northwind.example/branches?x=1",
        "https://www.northwind.example",
        "http://localhost:8080/",
        "ftp://files.example",
      ]),
    ).toEqual(["'self'", "https://www.northwind.example", "http://localhost:8080"]);
  });

  it("replaces only the frame-ancestors directive of a policy", () => {
    expect(
      withFrameAncestors("default-src 'self';frame-ancestors 'self';img-src 'self'", [
        "'self'",
        "https://a.example",
      ]),
    ).toBe("default-src 'self';img-src 'self';frame-ancestors 'self' https://a.example");
  });

  it("treats the visitor routes as visitor pages and the back office as not", () => {
    for (const url of [
      "/",
      "/how?mode=kiosk",
      "/where",
      "/callback-service/3?mode=embed",
      "/location",
      "/select-service",
      "/s/branch",
    ]) {
      expect(isVisitorPagePath(url), url).toBe(true);
    }
    for (const url of [
      "/lobby",
      "/dashboard",
      "/sign-in",
      "/reset-password",
      "/forbidden",
      "/api/v2/open/vendor",
    ]) {
      expect(isVisitorPagePath(url), url).toBe(false);
    }
  });
});

describe("the served pages' frame-ancestors", () => {
  let webRoot: string;
  let context: Awaited<ReturnType<typeof start>>;

  async function start() {
    const database = await openTestDatabase();
    await seedDemoData(database.db);
    const config = loadConfig({
      ...process.env,
      DATA_DIR: process.env.TEST_DATA_DIR ?? "./data/test",
      SESSION_SECRET: "test-secret-test-secret-test-secret-0000",
      LOG_LEVEL: "silent",
    });
    const app = await buildApp({ config, database, logger: false, webRoot });
    await app.ready();
    return { app, database };
  }

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), "nextline-web-"));
    writeFileSync(
      path.join(webRoot, "index.html"),
      "<!doctype html><html><head><title>x</title></head><body></body></html>",
    );
    // A build's manifest: the pages are served with their code named in the head (page-preloads.ts).
    mkdirSync(path.join(webRoot, ".vite"));
    writeFileSync(
      path.join(webRoot, ".vite", "manifest.json"),
      JSON.stringify({
        "index.html": { file: "assets/index-E.js", isEntry: true },
        "visitor/callback-service/callback-service-page.tsx": { file: "assets/page-P.js" },
      }),
    );
    context = await start();
    const [demo] = await context.database.db
      .select({ id: vendors.id })
      .from(vendors)
      .where(eq(vendors.slug, "demo"));
    await updateVendorSettings(context.database.db, context.app, demo!.id, {
      frame_ancestors: ["https://www.northwind.example/visit", "http://localhost:4000"],
    });
  });

  afterAll(async () => {
    await context.app.close();
    await context.database.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const csp = (headers: Record<string, unknown>) =>
    String(headers["content-security-policy"] ?? "");

  it("lets the vendor's origins frame a visitor page, and drops X-Frame-Options there", async () => {
    const response = await context.app.inject({ url: "/callback-service/1?mode=embed" });
    expect(response.statusCode).toBe(200);
    expect(csp(response.headers)).toContain(
      "frame-ancestors 'self' https://www.northwind.example http://localhost:4000",
    );
    expect(csp(response.headers)).toContain("default-src 'self'");
    expect(response.headers["x-frame-options"]).toBeUndefined();
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers.vary).toContain("accept-language");
    expect(response.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/page-P.js">',
    );
  });

  it("keeps the back office to 'self' whatever the vendor allows", async () => {
    const response = await context.app.inject({ url: "/lobby" });
    expect(response.statusCode).toBe(200);
    expect(csp(response.headers)).toContain("frame-ancestors 'self'");
    expect(csp(response.headers)).not.toContain("northwind.example");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("sends the security headers on API answers and errors too", async () => {
    for (const url of ["/api/v2/open/vendor", "/api/v2/open/locations/999999"]) {
      const response = await context.app.inject({ url });
      const directives = csp(response.headers).split(";").sort();
      expect(directives, url).toEqual(
        [
          "default-src 'self'",
          // Only the map tiles' host beyond this origin; the socket is same-origin.
          "img-src 'self' data: https://tile.openstreetmap.org",
          "style-src 'self' 'unsafe-inline'",
          "connect-src 'self'",
          "frame-ancestors 'self'",
          "base-uri 'self'",
          "font-src 'self'",
          "form-action 'self'",
          "object-src 'none'",
          "script-src 'self'",
          "script-src-attr 'none'",
          "upgrade-insecure-requests",
        ].sort(),
      );
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["strict-transport-security"], url).toMatch(/^max-age=\d+/);
      expect(response.headers["referrer-policy"], url).toBe("no-referrer");
      expect(response.headers["x-frame-options"], url).toBe("SAMEORIGIN");
    }
  });

  it("turns off the powerful browser features no page uses", async () => {
    for (const url of ["/api/v2/open/vendor", "/lobby", "/callback-service/1?mode=tv"]) {
      const policy = String((await context.app.inject({ url })).headers["permissions-policy"]);
      for (const feature of ["camera", "microphone", "payment", "usb", "serial"])
        expect(policy, url).toContain(`${feature}=()`);
      expect(policy, url).toContain("screen-wake-lock=(self)");
      // The home page's "nearest first", for its own origin only, never a frame of another.
      expect(policy, url).toContain("geolocation=(self)");
    }
  });

  it("lets a page show the vendor's logo from its own host, and nothing else from there", async () => {
    await createVendor(context.database.db, {
      hosts: ["logo.localhost"],
      theme: { logo_url: "https://cdn.logo.example/brand/logo.png" },
    });
    const page = await context.app.inject({ url: "/", headers: { host: "logo.localhost" } });
    expect(csp(page.headers)).toContain(
      "img-src 'self' data: https://tile.openstreetmap.org https://cdn.logo.example",
    );
    expect(csp(page.headers)).toMatch(/connect-src 'self'(;|$)/);
    const api = await context.app.inject({
      url: "/api/v2/open/vendor",
      headers: { host: "logo.localhost" },
    });
    expect(csp(api.headers)).not.toContain("cdn.logo.example");
  });

  it("keeps 'self' only for a vendor that allows no other origin", async () => {
    const response = await context.app.inject({
      url: "/callback-service/1",
      headers: { host: "harbour.localhost" },
    });
    expect(csp(response.headers)).toMatch(/frame-ancestors 'self'(;|$)/);
  });

  it("leaves API answers alone", async () => {
    const response = await context.app.inject({ url: "/api/v2/open/vendor" });
    expect(csp(response.headers)).toMatch(/frame-ancestors 'self'(;|$)/);
  });
});
