// A visitor books an appointment on the demo bank at the phone width, through every step the
// demo's settings show (service first, then the location and its details, the way to meet and a
// time, then their details), lands on the appointment's page, moves it to another time and cancels
// it; axe finds nothing on any page. Against the real built app and server with the demo data.
import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { messages } from "./catalog.ts";
import { expectNoAxeViolations } from "./fixtures-office-lobby.ts";

const en = messages("en");
const m = (id: string) => {
  const text = en[id];
  if (text === undefined) throw new Error(`no message ${id}`);
  return text;
};

test.use({ locale: "en-US", timezoneId: "America/Toronto" });
// The booking steps are a phone's first: one run, at the phone width.
test.skip(({ viewport }) => (viewport?.width ?? 0) > 800, "phone width only");

const VISITOR = { first: "Grace", last: "Hopper", email: "grace.hopper@example.com" };

/** The step's heading, which takes focus when the visitor arrives from another step. */
async function expectStep(page: Page, titleId: string) {
  const heading = page.getByRole("heading", { level: 1, name: m(titleId) });
  await expect(heading).toBeVisible();
  await expect(page.getByText(m("Booking.loading"))).toHaveCount(0);
  return heading;
}

/** The time buttons of the day shown; pages on by two weeks until a day has free times. */
async function freeTimes(page: Page) {
  const times = page.getByRole("button", { name: / at \d/ });
  for (let pages = 0; pages < 4; pages++) {
    await expect(page.getByText(m("Booking.times_loading"))).toHaveCount(0);
    if ((await times.count()) > 0) return times;
    await page.getByRole("button", { name: m("Booking.later_dates") }).click();
  }
  throw new Error("no free times in the next eight weeks");
}

test("a visitor books, moves and cancels an appointment, every page free of axe violations", async ({
  page,
}) => {
  test.slow();

  // 1. The services every branch offers; the choice goes into the address.
  await page.goto("/select-service?lang=en");
  await expectStep(page, "Booking.service_title");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: /Mortgage advice/ }).click();

  // 2. The branches offering it; one opens at the step's path + its id, with the query kept.
  const locationHeading = await expectStep(page, "Booking.location_title");
  await expect(locationHeading).toBeFocused();
  await expect(page).toHaveURL(/\/select-location\?.*service=\d+/);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: /Toronto — First Canadian Place/ }).click();
  await expect(page).toHaveURL(/\/select-location\/\d+\?.*service=\d+/);
  await expect(
    page.getByRole("heading", { level: 2, name: "Toronto — First Canadian Place" }),
  ).toBeFocused();
  await expect(page.getByRole("link", { name: /Directions/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: m("LocationFinder.select") }).click();

  // 3. How to meet (mortgage advice is offered in person, by phone and by video), then a time.
  await expectStep(page, "Booking.timeslot_title");
  await expect(page).toHaveURL(/\/select-timeslot\?.*location=\d+/);
  const methods = page.getByRole("group", { name: m("Booking.method_label") });
  await expect(methods.getByRole("radio", { name: m("Form.method_in_person") })).toBeChecked();
  await methods.getByRole("radio", { name: m("Form.method_phone") }).check();
  await expect(page).toHaveURL(/meeting_method=2/);
  const times = await freeTimes(page);
  await expectNoAxeViolations(page);
  const chosen = (await times.first().getAttribute("aria-label")) ?? "";
  await times.first().click();

  // 4. Who is coming, under the summary of the choice; then the appointment's page.
  await expectStep(page, "Booking.details_title");
  const summary = page.getByRole("region", { name: m("Booking.summary_title") });
  await expect(summary).toContainText("Mortgage advice");
  await expect(summary).toContainText("Toronto — First Canadian Place");
  await expect(summary).toContainText(m("Form.method_phone"));
  await expect(summary.getByRole("link", { name: /Change.*Date and time/ })).toBeVisible();
  await page.getByRole("textbox", { name: /^First name/ }).fill(VISITOR.first);
  await page.getByRole("textbox", { name: /^Last name/ }).fill(VISITOR.last);
  await page.getByRole("textbox", { name: /^Email/ }).fill(VISITOR.email);
  // A phone appointment needs the number to call.
  await page.getByRole("textbox", { name: /^Mobile phone/ }).fill("+14165550199");
  // The service's own questions, as the queue's form asks them.
  await page
    .getByRole("group", { name: /Are you an existing Northwind Bank customer/ })
    .getByRole("radio", { name: "Yes" })
    .check();
  await page
    .getByRole("group", { name: /What would you like to discuss/ })
    .getByRole("checkbox", { name: "Buying a first home" })
    .check();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: m("Booking.book_appointment") }).click();

  await expect(page).toHaveURL(/\/appointments\/confirmation\?id=\d+&code=\w+/);
  await expect(
    page.getByRole("heading", { level: 1, name: m("Booking.confirmed_title") }),
  ).toBeVisible();
  const details = page.getByRole("region", { name: m("Booking.appointment_details") });
  await expect(details).toContainText("Mortgage advice");
  await expect(details).toContainText("(416) 555-0199");
  const day = chosen.split(" at ")[0] ?? "";
  await expect(details).toContainText(day);
  await expect(page.getByRole("link", { name: m("Booking.add_to_calendar") })).toHaveAttribute(
    "href",
    /\/api\/v2\/open\/appointments\/\d+\.ics\?code=/,
  );
  await expectNoAxeViolations(page);

  // 5. Moved to another time: the time step moves it and returns to say so.
  await page.getByRole("link", { name: m("Booking.reschedule") }).click();
  await expectStep(page, "Booking.reschedule_title");
  await expect(page).toHaveURL(/reschedule=\d+/);
  const newTimes = await freeTimes(page);
  const other = newTimes.nth((await newTimes.count()) > 1 ? 1 : 0);
  await other.click();
  const move = page.getByRole("dialog", { name: m("Booking.reschedule_dialog_title") });
  await expect(move).toBeVisible();
  await expectNoAxeViolations(page);
  await move.getByRole("button", { name: m("Booking.reschedule_confirm") }).click();
  await expect(page).toHaveURL(/\/appointments\/manage\?.*rescheduled=1/);
  await expect(
    page.getByRole("status").filter({ hasText: m("Booking.rescheduled_notice") }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // 6. Cancelled behind its dialog; the page then says so and offers another.
  await page.getByRole("button", { name: m("Booking.cancel") }).click();
  const cancel = page.getByRole("alertdialog", { name: m("Booking.cancel_dialog_title") });
  await expect(cancel).toBeVisible();
  await cancel.getByRole("button", { name: m("Booking.cancel_confirm") }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: m("Booking.cancelled_title") }),
  ).toBeFocused();
  await expect(page.getByRole("link", { name: m("Booking.book_another") })).toBeVisible();
  await expect(page.getByRole("button", { name: m("Booking.cancel") })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("an appointment link with a wrong code shows only a way to book", async ({ page }) => {
  await page.goto("/appointments/manage?id=1&code=WRONG1&lang=en");
  await expect(
    page.getByRole("heading", { level: 1, name: m("Booking.not_found_title") }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: m("Booking.book_another") }).click();
  await expectStep(page, "Booking.service_title");
});
