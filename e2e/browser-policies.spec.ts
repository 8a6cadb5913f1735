// Every page of the product under its Content-Security-Policy and Permissions-Policy, in a real
// browser: the visitor home, form, confirmation, finder with its map, kiosk, TV board and embed; the
// office sign-in, lobby, dashboard and failed jobs. No page may trip either policy: a violation
// means the policy is too narrow for what the page loads, or the page loads what it should not.
import { expect, type Page, test } from "@playwright/test";
import {
  demoLocationId,
  joinByVideo,
  MANAGER,
  PLATFORM_ADMIN,
  signInContext,
} from "./fixtures-office-lobby.ts";

test.use({ locale: "en-US" });

test.beforeEach(({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the policies do not depend on the viewport");
  void page;
});

/** Records the page's CSP violations (the DOM event) and policy complaints on the console. */
async function watchPolicies(page: Page) {
  const violations: string[] = [];
  await page.exposeFunction("reportPolicyViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportPolicyViolation(text: string): void })
        .reportPolicyViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|Permissions policy violation|Permissions-Policy/i.test(text))
      violations.push(text);
  });
  // No page may reach another host but the map tiles'; the tiles answer blank here (no network).
  await page.route(/^https:\/\/tile\.openstreetmap\.org\//, (route) =>
    route.fulfill({ status: 204, body: "" }),
  );
  return violations;
}

/** Waits until the page has settled (its lazy chunks and live connection included). */
async function settle(page: Page, landmark: string) {
  await expect(page.locator(landmark).first()).toBeVisible();
  await page.waitForLoadState("networkidle").catch(() => {});
}

test("the visitor pages load nothing their policies refuse", async ({ page, request }) => {
  test.setTimeout(90_000);
  const violations = await watchPolicies(page);
  const toronto = await demoLocationId(request, "NW-TOR-001");
  const visit = await joinByVideo(request, "NW-TOR-001");
  const pages: [string, string][] = [
    ["/", "main"],
    [`/callback-service/${toronto}`, "form"],
    [`/callback-service/confirmation?id=${visit.id}&code=${visit.code}&lang=en`, "h1"],
    ["/callback-service/location", ".leaflet-container"],
    [`/how?location=${toronto}&mode=kiosk`, "main"],
    [`/callback-service/${toronto}?mode=tv`, "h1"],
    [`/callback-service/${toronto}?mode=embed`, "form"],
  ];
  for (const [path, landmark] of pages) {
    await page.goto(path);
    await settle(page, landmark);
    expect(violations, path).toEqual([]);
  }
});

test("the office pages load nothing their policies refuse", async ({ page, context }) => {
  test.setTimeout(90_000);
  const violations = await watchPolicies(page);
  await page.goto("/sign-in");
  await settle(page, "form");
  expect(violations, "/sign-in").toEqual([]);
  await signInContext(context, MANAGER);
  for (const path of ["/lobby", "/dashboard"]) {
    await page.goto(path);
    await settle(page, "main h1");
    expect(violations, path).toEqual([]);
  }
  await context.clearCookies();
  await signInContext(context, PLATFORM_ADMIN);
  await page.goto("/jobs");
  await settle(page, "main h1");
  expect(violations, "/jobs").toEqual([]);
});

test("every answer carries the narrowed CSP and the Permissions-Policy", async ({ request }) => {
  for (const path of ["/", "/lobby", "/api/v2/open/vendor"]) {
    const response = await request.get(path);
    const csp = response.headers()["content-security-policy"] ?? "";
    expect(csp, path).toMatch(/connect-src 'self'(;|$)/);
    expect(csp, path).toMatch(/img-src 'self' data: https:\/\/tile\.openstreetmap\.org(;| |$)/);
    expect(response.headers()["permissions-policy"], path).toContain("camera=()");
  }
});
