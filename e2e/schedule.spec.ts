// The staff's schedule in a real browser against the real server and the demo data, at desktop
// width: a Toronto teller books an appointment for a new client from the schedule, moves it with
// the move dialog and then by dragging its block, and marks the client arrived; axe runs on each
// state, and the page is checked at the phone width too.
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { messages } from "./catalog.ts";
import {
  checkAtPhoneWidth,
  demoLocationId,
  expectNoAxeViolations,
  type StaffAccount,
  screenshot,
  signInContext,
} from "./fixtures-office-lobby.ts";

const en = messages("en");
const m = (id: string) => {
  const text = en[id];
  if (text === undefined) throw new Error(`no message ${id}`);
  return text;
};

/** Toronto's first desk (Staff): books and serves; no other spec books from this account. */
const TORONTO_TELLER: StaffAccount = {
  email: "staff@northwind.example",
  password: "counter-willow-23",
};
/** The day grid's scale (day-view.tsx): 96 px an hour. */
const PX_PER_MINUTE = 96 / 60;

test.use({ locale: "en-US", timezoneId: "America/Toronto" });

/** A date `days` after today in Toronto, YYYY-MM-DD. */
function torontoDate(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(
    new Date(),
  );
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** A name no earlier run used: letters only, as names are. */
function uniqueSurname(): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let name = "";
  for (let n = Date.now(); n > 0; n = Math.floor(n / 26)) name += letters[n % 26];
  return `Schedule${name}`;
}

/** The free times of the dialog's day; moves the date on a day at a time until one has some. */
async function firstDayWithFreeTimes(dialog: Locator, dateField: Locator): Promise<string> {
  for (let days = 1; days <= 14; days++) {
    const date = torontoDate(days);
    await dateField.fill(date);
    await expect(dialog.getByText(m("Schedule.times_loading"))).toHaveCount(0);
    if (
      (await dialog
        .getByRole("group", { name: m("Schedule.field_free_time") })
        .getByRole("radio")
        .count()) > 0
    )
      return date;
  }
  throw new Error("no free times in Toronto in the next two weeks");
}

type Appointment = {
  id: string;
  attributes: {
    start: string;
    end: string;
    staff_id: string | null;
    room_name: string | null;
    version: number;
  };
};

async function readAppointment(request: APIRequestContext, id: string): Promise<Appointment> {
  const response = await request.get(`/api/internal/v1/appointments/${id}`);
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: Appointment }).data;
}

/** The appointment's block on the day grid. */
const blockOf = (page: Page, client: string) =>
  page.getByRole("button", { name: new RegExp(client) }).and(page.locator("[data-appointment-id]"));

test("staff book, move (dialog and drag) and serve an appointment from the schedule", async ({
  page,
  context,
  viewport,
}) => {
  test.skip(
    (viewport?.width ?? 0) < 1000,
    "desktop width: the drag needs the day grid's columns side by side",
  );
  test.slow();
  await signInContext(context, TORONTO_TELLER);
  const torontoId = await demoLocationId(page.request, "NW-TOR-001");

  // 1. The schedule of today, the location, day view.
  await page.goto(`/schedule?location=${torontoId}`);
  await expect(
    page.getByRole("heading", { level: 1, name: new RegExp(m("Schedule.title")) }),
  ).toBeVisible();
  await expect(page.getByText(m("Schedule.loading"))).toHaveCount(0);
  await expectNoAxeViolations(page);

  // 2. Book for a new client: the first day with free times, its first time.
  await page.getByRole("button", { name: m("Schedule.book") }).click();
  const book = page.getByRole("dialog", { name: m("Schedule.book_title") });
  await book.getByLabel(m("Schedule.field_service")).selectOption({ label: "Mortgage advice" });
  const date = await firstDayWithFreeTimes(
    book,
    book.getByLabel(new RegExp(`^${m("Schedule.field_date")}`)),
  );
  await book
    .getByRole("group", { name: m("Schedule.field_free_time") })
    .getByRole("radio")
    .first()
    .check();
  await book.getByRole("radio", { name: m("Schedule.client_new") }).check();
  const surname = uniqueSurname();
  await book.getByLabel(new RegExp(`^${m("Schedule.client_first_name")}`)).fill("Grace");
  await book.getByLabel(new RegExp(`^${m("Schedule.client_last_name")}`)).fill(surname);
  await book
    .getByLabel(m("Schedule.client_email"))
    .fill(`grace.${surname.toLowerCase()}@example.com`);
  await expectNoAxeViolations(page);
  const booked = page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/internal/v1/appointments") &&
      response.request().method() === "POST",
  );
  await book.getByRole("button", { name: m("Schedule.book_submit") }).click();
  expect((await booked).status()).toBe(201);
  await expect(book).toHaveCount(0);

  // 3. Its day shows the new block; the address keeps the day.
  await page.getByLabel(m("Schedule.field_date"), { exact: true }).fill(date);
  await expect(page).toHaveURL(new RegExp(`date=${date}`));
  const block = blockOf(page, `Grace ${surname}`);
  await expect(block).toBeVisible();
  const id = (await block.getAttribute("data-appointment-id")) ?? "";
  const bookedNow = await readAppointment(page.request, id);
  await expectNoAxeViolations(page);
  await screenshot(page, "schedule-day");

  // 4. Move it with the dialog (the keyboard's way) to another free time of that day.
  await block.click();
  const details = page.getByRole("dialog", { name: `Grace ${surname}` });
  await expectNoAxeViolations(page);
  await details.getByRole("button", { name: m("Schedule.move") }).click();
  const move = page.getByRole("dialog", { name: new RegExp(surname) });
  await expect(move.getByText(m("Schedule.times_loading"))).toHaveCount(0);
  const times = move.getByRole("group", { name: m("Schedule.field_free_time") }).locator("label");
  // Another time than its own (which counts as free while it moves).
  const squash = (text: string) => text.replace(/\s+/g, "");
  const own = squash(
    new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Toronto",
      hour: "numeric",
      minute: "2-digit",
    }).format(Date.parse(bookedNow.attributes.start)),
  );
  const labels = (await times.allInnerTexts()).map(squash);
  const other = labels.findIndex((label) => label !== own);
  expect(other).toBeGreaterThanOrEqual(0);
  await times.nth(other).getByRole("radio").check();
  await expectNoAxeViolations(page);
  await move.getByRole("button", { name: m("Schedule.move_submit") }).click();
  await expect(move).toHaveCount(0);
  await expect
    .poll(async () => (await readAppointment(page.request, id)).attributes.start)
    .not.toBe(bookedNow.attributes.start);
  const moved = await readAppointment(page.request, id);

  // 5. Drag its block in its column to another free time of its staff member that day.
  const staffId = moved.attributes.staff_id ?? "";
  const free = await page.request.get(
    `/api/internal/v1/availability?location_id=${torontoId}&service_id=${await serviceIdOf(page.request, id)}&staff_id=${staffId}&from=${date}&to=${date}&ignore_appointment_id=${id}`,
  );
  expect(free.ok(), await free.text()).toBe(true);
  const slots = (
    (await free.json()) as { data: { attributes: { slots: { start: string }[] } }[] }
  ).data.flatMap((day) => day.attributes.slots);
  // The nearest other free time, so that the drop stays on screen; one clear of the block where
  // there is one, so that the release lands off the block (which stays put while it moves) as a
  // long drag's does, and the click after it must still open nothing.
  const from = Date.parse(moved.attributes.start);
  const length = Date.parse(moved.attributes.end) - from;
  const others = slots
    .filter((slot) => Date.parse(slot.start) !== from)
    .sort((a, b) => Math.abs(Date.parse(a.start) - from) - Math.abs(Date.parse(b.start) - from));
  const target =
    others.find((slot) => Math.abs(Date.parse(slot.start) - from) >= length) ?? others[0];
  if (!target) throw new Error("no other free time to drag to");
  const deltaPx =
    ((Date.parse(target.start) - Date.parse(moved.attributes.start)) / 60_000) * PX_PER_MINUTE;
  await blockOf(page, `Grace ${surname}`).evaluate((element) =>
    element.scrollIntoView({ block: "center" }),
  );
  const start = await blockOf(page, `Grace ${surname}`).boundingBox();
  if (!start) throw new Error("the block is not on screen");
  const x = start.x + start.width / 2;
  const y = start.y + 8;
  const dropped = page.waitForResponse(
    (response) =>
      response.url().includes(`/api/internal/v1/appointments/${id}`) &&
      response.request().method() === "PATCH",
  );
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + deltaPx / 2, { steps: 5 });
  await page.mouse.move(x, y + deltaPx, { steps: 5 });
  await page.mouse.up();
  expect((await dropped).status()).toBe(200);
  await expect
    .poll(async () => Date.parse((await readAppointment(page.request, id)).attributes.start))
    .toBe(Date.parse(target.start));
  // A drop opens nothing.
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // 6. The client arrives.
  await blockOf(page, `Grace ${surname}`).click();
  const again = page.getByRole("dialog", { name: `Grace ${surname}` });
  await again.getByRole("button", { name: m("Schedule.mark_arrived") }).click();
  await expect(again.getByText(m("Schedule.status_arrived"))).toBeVisible();
  await expectNoAxeViolations(page);
  await again.getByRole("button", { name: m("Office.close") }).click();
  await expect(blockOf(page, `Grace ${surname}`)).toContainText(m("Schedule.status_arrived"));

  // 7. By room: its block stands in the column of the room it was given.
  const { room_name: roomName } = (await readAppointment(page.request, id)).attributes;
  await page
    .getByRole("group", { name: m("Schedule.columns") })
    .getByRole("button", { name: m("Schedule.columns_rooms") })
    .click();
  await expect(page).toHaveURL(/by=rooms/);
  await expect(
    page
      .getByRole("region", { name: roomName ?? m("Schedule.no_room") })
      .getByRole("button", { name: new RegExp(`Grace ${surname}`) }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goBack();
  await expect(page).not.toHaveURL(/by=rooms/);

  // 8. The week, and the day at the phone width (the grid scrolls sideways).
  await page.getByRole("button", { name: m("Schedule.view_week") }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(blockOf(page, `Grace ${surname}`)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "schedule-week");
  await page.goBack();
  await expect(page).not.toHaveURL(/view=week/);
  await checkAtPhoneWidth(page, "schedule-day");
});

async function serviceIdOf(request: APIRequestContext, id: string): Promise<string> {
  const response = await request.get(`/api/internal/v1/appointments/${id}`);
  return ((await response.json()) as { data: { attributes: { service_id: string } } }).data
    .attributes.service_id;
}
