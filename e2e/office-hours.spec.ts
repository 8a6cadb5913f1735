// Opening hours in a real browser against a server of its own: the demo manager opens the page
// from the navigation, picks a location, opens it on Saturdays in two periods (closed at lunch,
// the second period added by its button), adds a one-off closure, sees both in the 14-day preview, and deletes the closure after confirming. axe and screenshots at the
// phone (375) and desktop (1280) widths on each state. Dates are counted from the location's
// own today, so the test holds on any day and at any time of day.
import type { Page } from "@playwright/test";
import { messages } from "./catalog.ts";
import { expect, test } from "./fixtures-hours-server.ts";
import { expectNoAxeViolations, MANAGER, screenshot } from "./fixtures-office-lobby.ts";

const en = messages("en");
const m = (id: string, values: Record<string, string> = {}) => {
  const text = en[id];
  if (text === undefined) throw new Error(`no message ${id}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
};

test.use({ locale: "en-US" });
// One server per worker: one run (the desktop project) checks both widths itself.
test.skip(({ viewport }) => (viewport?.width ?? 0) < 800, "one server, one run");

/** The local date `days` after today in `timeZone` (YYYY-MM-DD). */
function localDate(timeZone: string, days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const longDate = (date: string) =>
  new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`));

async function checkBothWidths(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await expectNoAxeViolations(page);
    await screenshot(page, name);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a manager sets Saturday hours in two periods, adds a closure, sees both in the preview and deletes it", async ({
  browser,
  hoursServer,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: hoursServer.url, locale: "en-US" });
  const signIn = await context.request.post("/api/internal/v1/session", { data: MANAGER });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { data: me } = (await (await context.request.get("/api/internal/v1/me")).json()) as {
    data: { locations: { id: number; name: string; timezone: string }[] };
  };
  const location = me.locations[0];
  if (!location) throw new Error("the demo manager has no location");
  const page = await context.newPage();

  await page.goto("/dashboard");
  await page
    .getByRole("navigation", { name: m("Office.nav_label") })
    .getByRole("link", { name: m("Office.nav_hours") })
    .click();
  await expect(page).toHaveURL(/\/hours$/);
  // The landing's table of locations, found by a search kept in the address.
  await page.getByRole("searchbox").fill(location.name);
  await expect(page).toHaveURL(/\/hours\?q=/);
  await checkBothWidths(page, "hours-landing");
  await page.getByRole("link", { name: location.name, exact: true }).click();
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: m("Office.hours.title_of", { location: location.name }),
    }),
  ).toBeVisible();

  // Open on Saturdays, 10:00 to 13:00 and, after a lunch closure, 14:00 to 16:00.
  const saturday = page.getByRole("group", { name: "Saturday", exact: true });
  const open = saturday.getByRole("checkbox", { name: m("Office.hours.open_this_day") });
  if (!(await open.isChecked())) await open.check();
  const first = saturday.getByRole("group", {
    name: m("Office.hours.period_label", { number: "1" }),
  });
  await first.getByLabel(m("Office.hours.opens")).fill("10:00");
  await first.getByLabel(m("Office.hours.closes")).fill("13:00");
  await saturday
    .getByRole("button", { name: m("Office.hours.add_period_label", { day: "Saturday" }) })
    .click();
  const second = saturday.getByRole("group", {
    name: m("Office.hours.period_label", { number: "2" }),
  });
  await expect(second.getByLabel(m("Office.hours.opens"))).toBeFocused();
  await second.getByLabel(m("Office.hours.opens")).fill("14:00");
  await second.getByLabel(m("Office.hours.closes")).fill("16:00");
  await page.getByRole("button", { name: m("Office.hours.save_hours") }).click();
  await expect(page.getByText(m("Office.hours.saved"))).toBeVisible();

  const preview = page.getByRole("table", { name: m("Office.hours.preview_title") });
  const saturdayRow = preview
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: /^Sat/ }) });
  await expect(saturdayRow.first()).toContainText("10:00–13:00, 14:00–16:00");
  // The history under the page says which day changed, in the page's words.
  const history = page.getByRole("region", { name: m("Audit.heading") });
  await expect(
    history.getByText(/^Saturday changed from .+ to 10:00–13:00, 14:00–16:00$/),
  ).toBeVisible();
  await checkBothWidths(page, "hours-saved");

  // A closure on a weekday a few days from the location's today (open by the week), with a name.
  const date =
    [3, 4, 5]
      .map((days) => localDate(location.timezone, days))
      .find((day) => !["Saturday", "Sunday"].includes(longDate(day).split(",")[0] ?? "")) ??
    localDate(location.timezone, 3);
  await expect(page.getByTestId(`preview-${date}`)).toContainText("09:00");
  const adjustments = page.getByRole("region", { name: m("Office.hours.adjustments_title") });
  await adjustments.getByLabel(new RegExp(`^${m("Office.hours.date")}`)).fill(date);
  await adjustments.getByLabel(new RegExp(`^${m("Office.hours.name")}`)).fill("Staff training");
  await adjustments.getByRole("button", { name: m("Office.hours.add"), exact: true }).click();
  await expect(
    adjustments.getByText(m("Office.hours.adjustment_added", { date: longDate(date) })),
  ).toBeVisible();
  const closedRow = page.getByTestId(`preview-${date}`);
  await expect(closedRow).toContainText(m("Office.hours.closed"));
  await expect(closedRow).toContainText("Staff training");
  await expect(history.getByText(`${longDate(date)} · Staff training`)).toBeVisible();
  await checkBothWidths(page, "hours-holiday");

  // Delete it, after the question.
  await adjustments
    .getByRole("button", { name: m("Office.hours.delete_label", { date: longDate(date) }) })
    .click();
  await expect(
    adjustments.getByRole("button", { name: m("Office.hours.delete_keep") }),
  ).toBeFocused();
  await checkBothWidths(page, "hours-confirm-delete");
  await adjustments
    .getByRole("group", { name: m("Office.hours.delete_question", { date: longDate(date) }) })
    .getByRole("button", { name: m("Office.hours.delete_yes") })
    .click();
  await expect(
    adjustments.getByText(m("Office.hours.adjustment_deleted", { date: longDate(date) })),
  ).toBeVisible();
  await expect(closedRow).not.toContainText("Staff training");
  await context.close();
});
