// Embedded mode (mode=embed) in a real browser: no header, and inside an iframe on another origin
// (the vendor's own page, which the vendor's frame_ancestors allow) the page reports its height to
// the parent, which sizes the iframe; a vendor that allows no other origin cannot be framed.
import { AxeBuilder } from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { messages } from "./catalog.ts";
import { expect, test } from "./fixtures-modes-server.ts";

const en = messages("en");

test.use({ locale: "en-US" });

async function torontoId(request: APIRequestContext, base = ""): Promise<string> {
  const response = await request.get(`${base}/api/v2/open/locations`);
  const data = (await response.json()).data as { id: string; attributes: { city: string } }[];
  const found = data.find((l) => l.attributes.city === "Toronto");
  if (!found) throw new Error("no Toronto branch in the demo");
  return found.id;
}

const heights = (page: Page) =>
  page.evaluate(() => (window as unknown as { heights: number[] }).heights);

test("an embedded page has no header and passes axe", async ({ page, request }) => {
  const id = await torontoId(request);
  await page.goto(`/callback-service/${id}?mode=embed`);
  await expect(page.getByLabel(en["Form.service"]!)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("main")).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test("inside the vendor's iframe on another origin, the page reports its height and the iframe fits it", async ({
  page,
  request,
  modesServer,
}) => {
  const id = await torontoId(request, modesServer.northwind);
  const src = `${modesServer.northwind}/callback-service/${id}?mode=embed&lang=en`;
  await page.goto(`${modesServer.hostPage}?src=${encodeURIComponent(src)}`);
  const frame = page.frameLocator("#nextline");
  await expect(frame.getByLabel(en["Form.service"]!)).toBeVisible({ timeout: 20_000 });
  await expect(frame.getByRole("banner")).toHaveCount(0);
  await expect.poll(async () => (await heights(page)).at(-1) ?? 0).toBeGreaterThan(400);

  // The iframe now matches the page's own height, so nothing scrolls inside it.
  const last = (await heights(page)).at(-1)!;
  const box = await page.locator("#nextline").boundingBox();
  expect(Math.round(box!.height)).toBe(last);
  const inner = await frame
    .locator("#root")
    .evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
  expect(inner).toBe(last);

  // Content that grows is reported again.
  await frame.getByRole("button", { name: en["Form.submit_join"] }).click();
  await expect.poll(async () => (await heights(page)).at(-1)).toBeGreaterThan(last);

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test("a vendor that allows no other origin cannot be framed there", async ({
  page,
  request,
  modesServer,
  baseURL,
}) => {
  const id = await torontoId(request);
  const response = await request.get(`/callback-service/${id}?mode=embed`);
  expect(response.headers()["content-security-policy"]).toMatch(/frame-ancestors 'self'(;|$)/);
  await page.goto(
    `${modesServer.hostPage}?src=${encodeURIComponent(`${baseURL}/callback-service/${id}?mode=embed`)}`,
  );
  await page.waitForTimeout(3_000);
  expect(await heights(page)).toEqual([]);
});
