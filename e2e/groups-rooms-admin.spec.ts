// Staff groups and rooms in a real browser against a server of its own (demo data): the demo admin
// opens Rooms from the navigation, filters to Toronto and adds a room there, then opens Groups and
// creates a group with a member found by name. axe on every page; screenshots of a list and a form
// at the phone (375) and desktop (1280) widths.
import type { Page } from "@playwright/test";
import { messages } from "./catalog.ts";
import { expectNoAxeViolations, screenshot, signInContext } from "./fixtures-office-lobby.ts";
import { expect, test } from "./fixtures-services-server.ts";

const en = messages("en");
const m = (id: string) => {
  const text = en[id];
  if (text === undefined) throw new Error(`no message ${id}`);
  return text;
};

/** The demo vendor's admin (README, demo accounts). */
const ADMIN = { email: "admin@northwind.example", password: "keyring-summit-35" };

test.use({ locale: "en-US" });

async function screenshotsAtBothWidths(page: Page, name: string) {
  const size = page.viewportSize();
  await screenshot(page, name);
  await page.setViewportSize({ width: size?.width === 375 ? 1280 : 375, height: 812 });
  await screenshot(page, name);
  if (size) await page.setViewportSize(size);
}

test("an admin adds a room at a location and a group with a member", async ({
  page,
  context,
}, testInfo) => {
  // Two forms, two lists and axe at both widths: more than the default budget on a busy machine.
  test.slow();
  const roomName = `Quiet room ${testInfo.project.name}`;
  const groupName = `Welcome team ${testInfo.project.name}`;
  await signInContext(context, ADMIN);
  const nav = () => page.getByRole("navigation", { name: m("Office.nav_label") });

  // Rooms, reached from the navigation, filtered to one location.
  await page.goto("/dashboard");
  await nav()
    .getByRole("link", { name: m("Office.nav_rooms") })
    .click();
  await expect(
    page.getByRole("heading", { level: 1, name: m("Office.rooms.title") }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Seminar room" })).toBeVisible();
  const filter = page.getByLabel(m("Office.rooms.filter_location"));
  const toronto = await filter
    .locator("option", { hasText: "Toronto" })
    .first()
    .getAttribute("value");
  if (!toronto) throw new Error("no demo location in Toronto");
  await filter.selectOption(toronto);
  await expect(page).toHaveURL(new RegExp(`/rooms\\?location=${toronto}$`));
  await expectNoAxeViolations(page);
  await screenshotsAtBothWidths(page, "rooms-list");

  // A new room at Toronto, the location the list showed.
  await page.getByRole("link", { name: m("Office.rooms.add") }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: m("Office.rooms.new_title") }),
  ).toBeVisible();
  await expect(page.getByLabel(new RegExp(`^${m("Office.rooms.field_location")}`))).toHaveValue(
    toronto,
  );
  await page
    .getByRole("textbox", { name: new RegExp(`^${m("Office.rooms.field_name")}`) })
    .fill(roomName);
  await page
    .getByRole("spinbutton", { name: new RegExp(`^${m("Office.rooms.field_capacity")}`) })
    .fill("3");
  await page.getByRole("button", { name: m("Office.rooms.create") }).click();
  await expect(page).toHaveURL(/\/rooms\/\d+$/);
  await expect(page.getByRole("status").filter({ hasText: roomName })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: roomName })).toBeVisible();
  await expectNoAxeViolations(page);

  // Groups, reached from the navigation; a new group with a member found by name.
  await nav()
    .getByRole("link", { name: m("Office.nav_groups") })
    .click();
  await expect(
    page.getByRole("heading", { level: 1, name: m("Office.groups.title") }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Mortgage advisers" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: m("Office.groups.add") }).click();
  await page
    .getByRole("textbox", { name: new RegExp(`^${m("Office.groups.field_name")}`) })
    .fill(groupName);
  await page
    .getByRole("searchbox", { name: new RegExp(`^${m("Office.groups.search_staff")}`) })
    .fill("Grace");
  await page.getByRole("checkbox", { name: /Grace Kim/ }).check();
  await expect(page.getByRole("checkbox", { name: "Grace Kim", exact: true })).toBeChecked();
  await page.getByRole("button", { name: m("Office.groups.create") }).click();
  await expect(page).toHaveURL(/\/groups\/\d+$/);
  await expect(page.getByRole("status").filter({ hasText: groupName })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Grace Kim", exact: true })).toBeChecked();
  await expectNoAxeViolations(page);
  await screenshotsAtBothWidths(page, "group-form");
});
