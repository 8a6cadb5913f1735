// The built app in a real browser: the home page lists the vendor's locations, is accessible,
// keyboard-usable from the first Tab, and switches language in place.
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { messages } from "./catalog.ts";

const en = messages("en");
const SCREENSHOTS = "test-results/screenshots";

test.use({ locale: "en-US" });

async function locationNames(
  request: import("@playwright/test").APIRequestContext,
): Promise<string[]> {
  const response = await request.get("/api/v2/open/locations", {
    headers: { "accept-language": "en" },
  });
  if (response.status() === 404) return []; // no vendor seeded on this install
  expect(response.ok()).toBe(true);
  const document = (await response.json()) as { data: { attributes: { name: string } }[] };
  return document.data.map((location) => location.attributes.name);
}

test("the home page lists every location the API returns, or says there are none", async ({
  page,
  request,
}) => {
  const names = await locationNames(request);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: en["Home.title"] })).toBeVisible();

  if (names.length === 0) {
    await expect(page.getByText(en["Home.empty"]!)).toBeVisible();
  } else {
    // The demo vendor has at least five locations; a list that stops short of four is a regression.
    expect(names.length).toBeGreaterThanOrEqual(4);
    const items = page.getByRole("main").getByRole("listitem");
    await expect(items).toHaveCount(names.length);
    for (const name of names)
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    await expect(
      page.getByText(en["Home.open_now"]!).or(page.getByText(en["Home.closed_now"]!)).first(),
    ).toBeVisible();
    // Phones as the country writes them, never the raw +1… form.
    await expect(page.getByRole("main")).not.toContainText(/\+\d{8,}/);
  }
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: `${SCREENSHOTS}/home-${page.viewportSize()?.width}.png`,
    fullPage: true,
  });
  if (names.length > 0) {
    // Each card leads into its location's line.
    const joins = page.getByRole("link", { name: en["Home.join_line"] });
    await expect(joins).toHaveCount(names.length);
    await joins.first().click();
    await expect(page).toHaveURL(/\/callback-service\/\d+$/);
  }
});

test("the home page finds a location by its name in another language", async ({ page }) => {
  const pl = messages("pl");
  await page.goto("/?lang=pl");
  await expect(page.getByRole("heading", { level: 1, name: pl["Home.title"] })).toBeVisible();
  await page.getByRole("searchbox", { name: pl["LocationFinder.search_label"] }).fill("Warsaw");
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 2, name: "Warszawa — Złota" })).toBeVisible();
});

test("the home page has no accessibility violations (axe)", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(en["Home.loading"]!)).toBeHidden();
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`),
  ).toEqual([]);
});

test("the first Tab reaches the skip link, which moves focus to the main content", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.keyboard.press("Tab");
  const skipLink = page.getByRole("link", { name: en["Common.skip_to_content"] });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});

test("choosing another language re-renders the page in it without a reload", async ({ page }) => {
  const fr = messages("fr");
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: en["Home.title"] })).toBeVisible();
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

  await page.getByLabel(en["Common.language"]!).selectOption("fr");

  await expect(page.getByRole("heading", { level: 1, name: fr["Home.title"] })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("link", { name: fr["Common.skip_to_content"] })).toBeAttached();
  expect(new URL(page.url()).searchParams.get("lang")).toBe("fr");
  expect(await page.evaluate(() => "stillTheSamePage" in window)).toBe(true);
});

test("?lang= picks the page language, matching regional variants", async ({ page }) => {
  await page.goto("/?lang=ru");
  await expect(
    page.getByRole("heading", { level: 1, name: messages("ru")["Home.title"] }),
  ).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");

  await page.goto("/?lang=pt");
  await expect(
    page.getByRole("heading", { level: 1, name: messages("pt-BR")["Home.title"] }),
  ).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
});

test("an unknown address shows the not-found page, whose button leads back home", async ({
  page,
}) => {
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1, name: en["Errors.not_found"] })).toBeVisible();
  await expect(page.getByRole("link", { name: en["ErrorPage.book_another"] })).toHaveCount(0);
  await page.getByRole("link", { name: en["ErrorPage.home"], exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: en["Home.title"] })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/");
});
