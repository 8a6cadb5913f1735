// The location finder in a real browser on the demo data, at phone and desktop widths: place
// suggestions, distance order, details, back, select (query string kept), the empty state, the
// map's markers on desktop and no map at all on phones. No internet here: map tiles fail, nothing else.
import { AxeBuilder } from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { messages } from "./catalog.ts";

const en = messages("en");
const SCREENSHOTS = "test-results/screenshots";

test.use({ locale: "en-US", timezoneId: "America/Toronto" });

type Location = {
  id: string;
  attributes: { name: string; external_id: string | null; phone: string | null };
};

async function demoLocations(request: APIRequestContext): Promise<Location[]> {
  const response = await request.get("/api/v2/open/locations", {
    headers: { "accept-language": "en" },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Location[] }).data;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`),
  ).toEqual([]);
}

async function screenshot(page: Page, state: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: `${SCREENSHOTS}/location-finder-${state}-${page.viewportSize()?.width}.png`,
    fullPage: true,
  });
}

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 1025;
const searchBox = (page: Page) =>
  page.getByRole("combobox", { name: en["LocationFinder.search_label"] });
const results = (page: Page) => page.getByRole("list", { name: en["LocationFinder.results"] });
const entries = (page: Page) => results(page).getByRole("button");
const suggestions = (page: Page) =>
  page
    .getByRole("listbox", { name: en["LocationFinder.suggestions"], includeHidden: true })
    .getByRole("option");

/** No tile server is reachable in the tests; make the failure immediate rather than a DNS wait. */
async function failTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort("internetdisconnected"));
}

test("search, suggestion, details, back and select keep the page's query string", async ({
  page,
  request,
}) => {
  // A long walk (list, suggestions, nearest, details, back, select), each state checked with axe.
  test.slow();
  const all = await demoLocations(request);
  const toronto = all.find((l) => l.attributes.external_id === "NW-TOR-001")!;
  const mapChunks: string[] = [];
  page.on("request", (r) => {
    if (/leaflet/i.test(r.url())) mapChunks.push(r.url());
  });
  await failTiles(page);
  const query = "utm_source=newsletter&meeting_method=1&partner=acme";
  await page.goto(`/callback-service/location?${query}`);

  await expect(
    page.getByRole("heading", { level: 1, name: en["LocationFinder.title"] }),
  ).toBeVisible();
  await expect(entries(page)).toHaveCount(all.length);
  await expect(entries(page).first()).toContainText(all[0]!.attributes.name);
  const map = page.getByRole("region", { name: en["LocationFinder.map_label"] });
  if (isDesktop(page)) {
    await expect(map).toBeVisible();
    await expect(map.getByRole("button", { name: /^\d+\. / })).toHaveCount(all.length);
  } else {
    await expect(map).toHaveCount(0);
  }
  const box = await results(page).evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    scrolls: el.scrollHeight > el.clientHeight + 1,
  }));
  if (isDesktop(page)) {
    // Beside the map the list never grows past half the screen; it scrolls inside.
    expect(box.height).toBeLessThanOrEqual((page.viewportSize()?.height ?? 0) / 2 + 1);
  } else {
    // On a phone every location is in the page's own scroll: no box scrolling inside it.
    expect(box.scrolls).toBe(false);
    await entries(page).last().scrollIntoViewIfNeeded();
    await expect(entries(page).last()).toBeInViewport({ ratio: 1 });
  }
  await expectNoAxeViolations(page);
  await screenshot(page, "list");

  await searchBox(page).fill("toron");
  // The city comes first, before the branches in it.
  const city = suggestions(page).first();
  await expect(city).toHaveText(/^Toronto, ON\s*Canada$/);
  await expect(searchBox(page)).toHaveAttribute("aria-expanded", "true");
  await expectNoAxeViolations(page);
  await screenshot(page, "suggestions");
  await searchBox(page).press("ArrowDown");
  await expect(city).toHaveAttribute("aria-selected", "true");
  await searchBox(page).press("Enter");

  // Nearest first: Toronto itself, within the vendor's 50 km; US branches in miles.
  await expect(page.getByText(/nearest to Toronto, ON first/)).toBeVisible();
  await expect(entries(page).first()).toContainText(toronto.attributes.name);
  await expect(entries(page).first()).toContainText("Within 50 km");
  await expect(entries(page).filter({ hasText: "New York" })).toContainText(/\d+ mi away/);
  await expect(entries(page).filter({ hasText: "Warszawa" })).not.toContainText("Within");
  await expectNoAxeViolations(page);
  await screenshot(page, "nearest");

  await entries(page).first().click();
  const heading = page.getByRole("heading", { level: 2, name: toronto.attributes.name });
  await expect(heading).toBeFocused();
  const details = page.getByRole("article");
  await expect(details.getByRole("link", { name: /Directions/ })).toHaveAttribute(
    "href",
    /google\.com\/maps\/dir\/.*100\+King\+Street\+West/,
  );
  await expect(details.getByRole("link", { name: /Call/ })).toHaveAttribute(
    "href",
    "tel:+14165550142",
  );
  const rows = details.getByRole("row");
  await expect(rows).toHaveCount(7);
  await expect(rows.first()).toContainText("Sunday");
  await expect(rows.last()).toContainText("Saturday");
  await expect(details.locator('tr[aria-current="date"]')).toHaveCount(1);
  if (isDesktop(page))
    await expect(map.getByRole("button", { name: /^\d+\. / })).toHaveCount(all.length);
  await expectNoAxeViolations(page);
  await screenshot(page, "details");

  await page.getByRole("button", { name: en["LocationFinder.back"] }).click();
  await expect(entries(page).first()).toBeFocused();
  await expect(page.getByText(/nearest to Toronto, ON first/)).toBeVisible();

  await entries(page).first().click();
  await page.getByRole("button", { name: en["LocationFinder.select"] }).click();
  await expect(page).toHaveURL(`/callback-service/${toronto.id}?${query}`);
  await expect(
    page.getByRole("heading", { level: 1, name: en["LocationFinder.title"] }),
  ).toHaveCount(0);
  await expect(page.getByText(toronto.attributes.name).first()).toBeVisible();

  // Leaflet is fetched for the desktop map only.
  if (isDesktop(page)) expect(mapChunks.length).toBeGreaterThan(0);
  else expect(mapChunks).toEqual([]);
});

test("clearing the search returns to sort order then name; Enter searches the text", async ({
  page,
  request,
}) => {
  const all = await demoLocations(request);
  await failTiles(page);
  await page.goto("/callback-service/location");
  await expect(entries(page)).toHaveCount(all.length);

  // The city is matched in its own language; the branch's English name is "Warsaw — Złota Street".
  await searchBox(page).fill("warsz");
  await suggestions(page).filter({ hasText: "Warszawa, mazowieckie" }).click();
  await expect(entries(page).first()).toContainText("Warsaw — Złota Street");
  await expect(entries(page).first()).toContainText("0 km away");

  await page.getByRole("button", { name: en["LocationFinder.clear_search"] }).click();
  await expect(searchBox(page)).toHaveValue("");
  await expect(searchBox(page)).toBeFocused();
  await expect(page.getByText(`${all.length} locations`, { exact: true })).toBeVisible();
  const names = await entries(page).evaluateAll((buttons) =>
    buttons.map((b) => b.querySelector("span span")?.textContent ?? ""),
  );
  expect(names).toEqual(all.map((l) => l.attributes.name));

  await searchBox(page).fill("Wall Street");
  await searchBox(page).press("Enter");
  await expect(page.getByText(/1 location matches “Wall Street”/)).toBeVisible();
  await expect(entries(page)).toHaveCount(1);
});

test("a search that matches nothing says no locations were found", async ({ page }) => {
  await failTiles(page);
  await page.goto("/callback-service/location");
  await searchBox(page).fill("zzqx nowhere");
  await expect(suggestions(page)).toHaveCount(0);
  await searchBox(page).press("Enter");
  await expect(page.getByText(en["LocationFinder.no_locations"]!)).toBeVisible();
  const contact = page.getByText(/Please contact Northwind Bank/);
  // The subtitle is for phones, where no map shows the empty search.
  if (isDesktop(page)) await expect(contact).toHaveCount(0);
  else await expect(contact).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "empty");
});

test("on desktop a marker opens its location, by keyboard too; tiles that fail change nothing", async ({
  page,
  request,
}) => {
  test.skip(!isDesktop(page), "the map shows from 1025 px");
  const all = await demoLocations(request);
  const failedTiles: string[] = [];
  page.on("requestfailed", (r) => {
    if (/tile\.openstreetmap\.org/.test(r.url())) failedTiles.push(r.url());
  });
  await failTiles(page);
  await page.goto("/callback-service/location?lang=en");
  const map = page.getByRole("region", { name: en["LocationFinder.map_label"] });
  const second = all[1]!;
  const marker = map.getByRole("button", { name: `2. ${second.attributes.name}` });
  await expect(marker).toBeVisible();
  await marker.click();
  await expect(page.getByRole("heading", { level: 2, name: second.attributes.name })).toBeFocused();
  await page.getByRole("button", { name: en["LocationFinder.back"] }).click();
  // Back puts the visitor on the entry they had opened, a frame later: wait for it, or that focus
  // lands after the marker's and Enter opens the entry instead.
  await expect(page.locator(`[data-location-id="${second.id}"]`)).toBeFocused();

  const first = map.getByRole("button", { name: `1. ${all[0]!.attributes.name}` });
  await first.focus();
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("heading", { level: 2, name: all[0]!.attributes.name }),
  ).toBeVisible();
  expect(failedTiles.length).toBeGreaterThan(0);
});

test("French lists the week from Monday with Sunday last", async ({ page, request }) => {
  const all = await demoLocations(request);
  await failTiles(page);
  await page.goto("/callback-service/location?lang=fr");
  const fr = messages("fr");
  await expect(
    page.getByRole("heading", { level: 1, name: fr["LocationFinder.title"] }),
  ).toBeVisible();
  await page
    .getByRole("list", { name: fr["LocationFinder.results"] })
    .getByRole("button")
    .first()
    .click();
  const rows = page.getByRole("article").getByRole("row");
  await expect(rows.first()).toContainText("lundi");
  await expect(rows.last()).toContainText("dimanche");
  expect(all.length).toBeGreaterThan(0);
});
