// The locations administration in a real browser against a server of its own: the demo admin opens
// the list from the navigation, is refused a latitude out of range, creates a branch, edits it,
// nudges its map pin, sees its history, and archives it — after which visitors no longer find it and the list shows it
// only with archived ones. axe on every state, at the desktop (1280) and phone (375) widths, with
// screenshots of each.
import type { Page } from "@playwright/test";
import { messages } from "./catalog.ts";
import { expect, test } from "./fixtures-locations-server.ts";
import {
  expectNoAxeViolations,
  PLATFORM_ADMIN,
  screenshot,
  signInContext,
} from "./fixtures-office-lobby.ts";

const en = messages("en");
const m = (id: string) => {
  const text = en[id];
  if (text === undefined) throw new Error(`no message ${id}`);
  return text;
};

/** The demo vendor's admin (README, demo accounts). */
const ADMIN = { email: "admin@northwind.example", password: "keyring-summit-35" };

test.use({ locale: "en-US" });
// One run, on the desktop project, which checks the phone width itself: each project would start a
// server of its own (skipped before the fixture starts anything).
test.skip(({ viewport }) => (viewport?.width ?? 0) < 800, "one server, one run");

/** axe and a screenshot at the desktop width, then at the phone width, back to desktop. */
async function checkBothWidths(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await expectNoAxeViolations(page);
    await screenshot(page, `locations-${name}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const required = (label: string) => new RegExp(`^${label}\\s*\\(required\\)$`);

test("the admin creates a location, edits it and archives it, and visitors stop seeing it", async ({
  browser,
  locationsServer,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: locationsServer.url, locale: "en-US" });
  await signInContext(context, ADMIN);
  const page = await context.newPage();

  await page.goto("/dashboard");
  await page
    .getByRole("navigation", { name: m("Office.nav_label") })
    .getByRole("link", { name: m("Office.nav_locations") })
    .click();
  await expect(page).toHaveURL(/\/locations$/);
  await expect(
    page.getByRole("heading", { level: 1, name: m("Office.locations.title") }),
  ).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await checkBothWidths(page, "list");

  // A new branch: a latitude out of range is refused beside the field, nothing is created.
  await page
    .getByRole("link", { name: m("Office.locations.add") })
    .first()
    .click();
  await expect(page).toHaveURL(/\/locations\/new$/);
  await expect(page.getByText(m("Office.locations.coordinates_manual"))).toBeVisible();
  const text = (label: string) => page.getByRole("textbox", { name: required(m(label)) });
  await text("Office.locations.field.name").fill("Harbourfront Test Branch");
  await text("Office.locations.field.address").fill("12 Quay Street");
  await text("Office.locations.field.city").fill("Halifax");
  await text("Office.locations.field.country").fill("CA");
  // The time zone is found by typing part of it and picked from the list with the keyboard (the
  // field mid-screen: a page that scrolls closes the list, as React Aria's popovers do).
  const zone = page.getByRole("combobox", { name: required(m("Office.locations.field.timezone")) });
  await zone.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await zone.fill("halif");
  await expect(page.getByRole("option", { name: "America/Halifax" })).toBeVisible();
  await zone.press("ArrowDown");
  await zone.press("Enter");
  await expect(zone).toHaveValue("America/Halifax");
  await text("Office.locations.field.latitude").fill("144.6");
  await text("Office.locations.field.longitude").fill("-63.5752");
  await page.getByRole("textbox", { name: m("Office.locations.field.region") }).fill("Atlantic");
  await page.getByRole("button", { name: m("Office.locations.create") }).click();
  const latitude = text("Office.locations.field.latitude");
  await expect(page.getByText(m("Office.locations.error.latitude"))).toBeVisible();
  await expect(latitude).toBeFocused();
  await expect(latitude).toHaveAttribute("aria-invalid", "true");
  await checkBothWidths(page, "new-refused");

  await latitude.fill("44.6488");
  // One tab per language; the arrow keys move between them.
  await page.getByRole("tab", { name: /^English/ }).click();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: /^Español/ })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await page.getByRole("tab", { name: /^Français/ }).click();
  await page.getByRole("textbox", { name: "Name (Français)" }).fill("Succursale du port");
  await page.getByRole("button", { name: m("Office.locations.create") }).click();
  await expect(page).toHaveURL(/\/locations\/\d+$/);
  await expect(page.getByText(m("Office.locations.status_created"))).toBeVisible();
  const id = page.url().split("/").at(-1)!;

  // The pin on the map moves with the arrow keys, and the latitude follows.
  const pin = page.getByRole("button", { name: m("Office.locations.map_pin") });
  await pin.focus();
  await page.keyboard.press("ArrowUp");
  await expect(text("Office.locations.field.latitude")).toHaveValue("44.6489");

  // The visitors' list has it now.
  const visible = async () => {
    const response = await context.request.get("/api/v2/open/locations");
    return ((await response.json()).data as { id: string }[]).map((l) => l.id);
  };
  expect(await visible()).toContain(id);

  // An edit: saved, announced, and in the history.
  const city = text("Office.locations.field.city");
  await city.fill("Dartmouth");
  await page
    .getByRole("textbox", { name: m("Office.locations.field.phone") })
    .fill("+1 902 555 0142");
  await page.getByRole("button", { name: m("Office.locations.save") }).click();
  await expect(page.getByText(m("Office.locations.status_saved"))).toBeVisible();
  await expect(page.getByText(/City changed from/).first()).toBeVisible();
  await checkBothWidths(page, "edit");

  // Archived after a confirmation: gone from the visitors' list and from the default list.
  await page.getByRole("button", { name: m("Office.locations.archive") }).click();
  await page.getByRole("button", { name: m("Office.locations.archive_confirm_button") }).click();
  await expect(page.getByText(m("Office.locations.status_archived"))).toBeVisible();
  await expect(page.getByRole("button", { name: m("Office.locations.restore") })).toBeVisible();
  expect(await visible()).not.toContain(id);
  await checkBothWidths(page, "archived");

  await page.getByRole("link", { name: m("Office.locations.back_to_list") }).click();
  await expect(page.getByRole("table")).toBeVisible();
  await expect(page.getByRole("link", { name: "Harbourfront Test Branch" })).toHaveCount(0);
  await page.getByLabel(m("Office.locations.show_archived")).check();
  await expect(page).toHaveURL(/archived=all/);
  const row = page.getByRole("row", { name: /Harbourfront Test Branch/ });
  await expect(row.getByText(m("Office.locations.archived_badge"))).toBeVisible();
  await context.close();
});

// On the same server of its own: renaming a vendor changes what visitors are shown.
test("the platform admin renames a vendor from its page, and its pages show the new name", async ({
  browser,
  locationsServer,
}) => {
  test.slow();
  const context = await browser.newContext({ baseURL: locationsServer.url, locale: "en-US" });
  await signInContext(context, PLATFORM_ADMIN);
  const page = await context.newPage();
  // The vendor this host leads to, so its visitors' view shows the change.
  const here = await context.request.get("/api/v2/open/vendor");
  const before: string = (await here.json()).data.attributes.name;
  await page.goto("/vendors");
  const list = page.getByRole("list", { name: m("Office.vendors_list_label") });
  await list.getByRole("link", { name: before, exact: true }).click();
  await expect(page).toHaveURL(/\/vendors\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: before })).toBeVisible();
  await checkBothWidths(page, "vendor");

  const name = page.getByRole("textbox", { name: required(m("Office.setup_vendor_name")) });
  await name.fill(`${before} Renamed`);
  await page.getByRole("button", { name: m("Office.vendors.save") }).click();
  await expect(
    page.getByText(m("Office.vendors.saved").replace("{name}", `${before} Renamed`)),
  ).toBeVisible();
  const open = await context.request.get("/api/v2/open/vendor");
  expect((await open.json()).data.attributes.name).toBe(`${before} Renamed`);
  await expectNoAxeViolations(page);
  await context.close();
});
