// A new business from nothing to its first visitor served, in a real browser against a server of
// its own with no demo data and a real SMTP server on loopback. The printed setup link creates the
// organisation and its admin; the admin adds a location that takes visitors only in its opening
// hours, opens it all day every day, adds a holiday, adds a service with a required question, and
// invites a staff member, whose invitation email's link sets their password; the admin gives them a
// desk at the location. A visitor (no account) joins that location's line through its form,
// answering the question, and the new staff member signs in, sees them in the lobby and calls them:
// the visitor's page says it is their turn, and the "your turn" email names the desk and the staff
// member. axe on the key pages; screenshots at the desktop width. It runs once, on the desktop project.
import type { BrowserContext } from "@playwright/test";
import { WEEKDAYS } from "../src/shared/domain.ts";
import { messages } from "./catalog.ts";
import { expect, test } from "./fixtures-journey-server.ts";
import { chooseTimeZone, expectNoAxeViolations, screenshot } from "./fixtures-office-lobby.ts";

const en = messages("en");
const m = (id: string, values: Record<string, string> = {}) => {
  const text = en[id];
  if (text === undefined) throw new Error(`no message ${id}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
};
const required = (label: string) => new RegExp(`^${label}\\s*\\(required\\)$`);
const startsWith = (label: string) => new RegExp(`^${label}`);

const ORGANISATION = "Lakeside Credit Union";
const ADMIN = { email: "maya.okafor@lakeside.example", password: "tundra-violin-parsnip-82" };
const STAFF = { email: "noor.haddad@lakeside.example", password: "lantern-orchard-58" };
const LOCATION = "Harbour Street Branch";
const SERVICE = "Account opening";
const QUESTION = "Which account would you like to open?";
const DESK = "Counter 3";
const VISITOR = { first: "Ada", last: "Lovelace", email: "ada.lovelace@example.com" };

test.use({ locale: "en-US" });
// One run, on the desktop project: each project would start a server of its own, and the journey
// is about the steps, not the widths (each step's own spec checks the phone width).
test.skip(({ viewport }) => (viewport?.width ?? 0) < 800, "one server, one run");

/**
 * Zones without daylight saving time, by their offset from UTC in hours: ones the browser lists
 * for the location form's time zone (its list is the browser's IANA zones, which leaves out the
 * Etc/GMT±N aliases).
 */
const ZONE_BY_OFFSET: Record<number, string> = {
  [-11]: "Pacific/Pago_Pago",
  [-10]: "Pacific/Honolulu",
  [-9]: "Pacific/Gambier",
  [-8]: "Pacific/Pitcairn",
  [-7]: "America/Phoenix",
  [-6]: "America/Regina",
  [-5]: "America/Bogota",
  [-4]: "America/La_Paz",
  [-3]: "America/Cayenne",
  [-2]: "Atlantic/South_Georgia",
  [-1]: "Atlantic/Cape_Verde",
  0: "Africa/Abidjan",
  1: "Africa/Lagos",
  2: "Africa/Maputo",
  3: "Africa/Nairobi",
  4: "Asia/Dubai",
  5: "Asia/Tashkent",
  6: "Asia/Dhaka",
  7: "Asia/Bangkok",
  8: "Asia/Singapore",
  9: "Asia/Tokyo",
  10: "Australia/Brisbane",
  11: "Pacific/Guadalcanal",
  12: "Pacific/Tarawa",
};

/**
 * A time zone in which it is about midday now. With hours from 00:00 to 23:59 every day, the
 * location is then open for the whole test whatever the hour in UTC: the one minute a day it is
 * closed, 23:59 local, is about 11 hours away.
 */
function zoneAtMiddayNow(): string {
  const zone = ZONE_BY_OFFSET[12 - new Date().getUTCHours()];
  if (zone === undefined) throw new Error("no zone for this hour");
  return zone;
}

/** Today's date in `timeZone` (YYYY-MM-DD). */
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());

const longDate = (date: string) =>
  new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`));

const weekdayName = (day: (typeof WEEKDAYS)[number]) =>
  // 2024-01-01 was a Monday.
  new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day), 12)),
  );

test("a new business sets itself up, invites a staff member, and they call its first visitor", async ({
  browser,
  journeyServer,
}) => {
  test.slow();
  const { url, sink } = journeyServer;
  const contexts: BrowserContext[] = [];
  const newContext = async () => {
    const context = await browser.newContext({ baseURL: url, locale: "en-US" });
    contexts.push(context);
    return context;
  };
  const mailTo = (address: string) =>
    sink.messages.filter((mail) => !Array.isArray(mail.to) && mail.to?.text === address);

  try {
    // 1. The printed link: the organisation and its first admin, who lands signed in.
    const admin = await (await newContext()).newPage();
    await admin.goto(journeyServer.setupLink);
    await expect(
      admin.getByRole("heading", { level: 1, name: m("Office.setup_title") }),
    ).toBeVisible();
    const organisation = admin.getByRole("group", { name: m("Office.setup_organisation") });
    const account = admin.getByRole("group", { name: m("Office.setup_account") });
    await expect(organisation.getByLabel(/^Host names/)).toHaveValue("127.0.0.1");
    await organisation.getByLabel(/^Organisation name/).fill(ORGANISATION);
    await account.getByLabel(/^First name/).fill("Maya");
    await account.getByLabel(/^Last name/).fill("Okafor");
    await account.getByLabel(/^Email/).fill(ADMIN.email);
    await account.getByLabel(/^Password/).fill(ADMIN.password);
    await account.getByLabel(/^Repeat the password/).fill(ADMIN.password);
    await admin.getByRole("button", { name: m("Office.setup_submit") }).click();
    await expect(admin).toHaveURL(/\/dashboard$/);
    const nav = admin.getByRole("navigation", { name: m("Office.nav_label") });

    // 2. A location that takes visitors only during its opening hours.
    const timezone = zoneAtMiddayNow();
    await nav.getByRole("link", { name: m("Office.nav_locations") }).click();
    await expect(admin).toHaveURL(/\/locations$/);
    await admin
      .getByRole("link", { name: m("Office.locations.add") })
      .first()
      .click();
    await expect(admin).toHaveURL(/\/locations\/new$/);
    const text = (id: string) => admin.getByRole("textbox", { name: required(m(id)) });
    await text("Office.locations.field.name").fill(LOCATION);
    await text("Office.locations.field.address").fill("12 Harbour Street");
    await text("Office.locations.field.city").fill("Lakeside");
    await text("Office.locations.field.country").fill("CA");
    await chooseTimeZone(
      admin.getByRole("combobox", { name: required(m("Office.locations.field.timezone")) }),
      timezone,
    );
    await text("Office.locations.field.latitude").fill("44.6488");
    await text("Office.locations.field.longitude").fill("-63.5752");
    await admin
      .getByLabel(m("Office.locations.field.restrict_callback_request_hours"), { exact: true })
      .check();
    await admin.getByRole("button", { name: m("Office.locations.create") }).click();
    await expect(admin).toHaveURL(/\/locations\/\d+$/);
    await expect(admin.getByText(m("Office.locations.status_created"))).toBeVisible();
    const locationId = new URL(admin.url()).pathname.split("/").pop() as string;
    await expectNoAxeViolations(admin);
    await screenshot(admin, "journey-location");

    // Open all day, every day: Monday, copied to Tuesday–Friday, then the weekend.
    await nav.getByRole("link", { name: m("Office.nav_hours") }).click();
    await expect(admin).toHaveURL(/\/hours$/);
    await admin.getByRole("link", { name: LOCATION, exact: true }).click();
    await expect(
      admin.getByRole("heading", {
        level: 1,
        name: m("Office.hours.title_of", { location: LOCATION }),
      }),
    ).toBeVisible();
    const openAllDay = async (day: (typeof WEEKDAYS)[number]) => {
      const group = admin.getByRole("group", { name: weekdayName(day) });
      await group.getByRole("checkbox", { name: m("Office.hours.open_this_day") }).check();
      await group.getByLabel(m("Office.hours.opens")).fill("00:00");
      await group.getByLabel(m("Office.hours.closes")).fill("23:59");
    };
    await openAllDay("monday");
    await admin.getByRole("button", { name: m("Office.hours.copy_monday") }).click();
    await openAllDay("saturday");
    await openAllDay("sunday");
    for (const day of WEEKDAYS) {
      const group = admin.getByRole("group", { name: weekdayName(day) });
      await expect(group.getByLabel(m("Office.hours.closes"))).toHaveValue("23:59");
    }
    await admin.getByRole("button", { name: m("Office.hours.save_hours") }).click();
    await expect(admin.getByText(m("Office.hours.saved"))).toBeVisible();
    const today = todayIn(timezone);
    await expect(admin.getByTestId(`preview-${today}`)).toContainText("00:00–23:59");

    // A holiday next year, far from today: listed with the days ahead.
    const holiday = `${Number(today.slice(0, 4)) + 1}-12-25`;
    const adjustments = admin.getByRole("region", { name: m("Office.hours.adjustments_title") });
    await adjustments.getByLabel(startsWith(m("Office.hours.date"))).fill(holiday);
    await adjustments.getByLabel(startsWith(m("Office.hours.name"))).fill("Christmas Day");
    await adjustments.getByRole("button", { name: m("Office.hours.add"), exact: true }).click();
    await expect(
      adjustments.getByText(m("Office.hours.adjustment_added", { date: longDate(holiday) })),
    ).toBeVisible();
    await expect(
      adjustments.getByRole("listitem").filter({ hasText: longDate(holiday) }),
    ).toContainText(`Christmas Day · ${m("Office.hours.closed")}`);
    await expectNoAxeViolations(admin);
    await screenshot(admin, "journey-hours");

    // 3. A service at the location, and a required question asked for it.
    await nav.getByRole("link", { name: m("Office.nav_services") }).click();
    await expect(
      admin.getByRole("heading", { level: 1, name: m("Office.services.title") }),
    ).toBeVisible();
    await admin.getByRole("link", { name: m("Office.services.add") }).click();
    await expect(
      admin.getByRole("heading", { level: 1, name: m("Office.services.new_title") }),
    ).toBeVisible();
    await admin
      .getByRole("textbox", { name: startsWith(m("Office.services.field_name")) })
      .first()
      .fill(SERVICE);
    await admin.getByLabel(LOCATION, { exact: true }).check();
    await admin.getByRole("button", { name: m("Office.services.create") }).click();
    await expect(admin).toHaveURL(/\/services\/\d+$/);
    await expect(admin.getByRole("heading", { level: 1, name: SERVICE })).toBeVisible();
    const serviceId = new URL(admin.url()).pathname.split("/").pop() as string;

    await admin.goto("/services/questions/new");
    await expect(
      admin.getByRole("heading", { level: 1, name: m("Office.questions.new_title") }),
    ).toBeVisible();
    await admin.getByLabel(m("Office.questions.field_type")).selectOption("radio");
    await admin
      .getByRole("textbox", { name: /^Question/ })
      .first()
      .fill(QUESTION);
    await admin.getByLabel(m("Office.questions.field_required")).check();
    await admin.getByRole("button", { name: m("Office.questions.add_option") }).click();
    await admin.keyboard.type("Personal account");
    await admin.getByRole("button", { name: m("Office.questions.add_option") }).click();
    await admin.keyboard.type("Business account");
    await admin.getByLabel(SERVICE, { exact: true }).check();
    const preview = admin.getByRole("region", { name: m("Office.questions.preview") });
    await expect(preview.getByRole("radio", { name: "Business account" })).toBeVisible();
    await admin.getByRole("button", { name: m("Office.questions.create") }).click();
    await expect(admin).toHaveURL(/\/services\/questions\/\d+$/);
    await expect(admin.getByRole("status").filter({ hasText: QUESTION })).toBeVisible();

    // 4. A staff member, invited by email at the location.
    await nav.getByRole("link", { name: m("Office.nav_staff") }).click();
    await expect(admin).toHaveURL(/\/staff$/);
    await admin.getByRole("button", { name: m("Office.staff.invite") }).click();
    const invite = admin.locator("#staff-invite");
    const field = (id: string) => invite.getByRole("textbox", { name: startsWith(m(id)) });
    await field("Office.staff.email").fill(STAFF.email);
    await field("Office.staff.first_name").fill("Noor");
    await field("Office.staff.last_name").fill("Haddad");
    await invite
      .getByRole("combobox", { name: startsWith(m("Office.staff.role")) })
      .selectOption({ label: m("Office.role_staff") });
    await invite
      .getByRole("combobox", { name: startsWith(m("Office.staff.first_location")) })
      .selectOption({ label: LOCATION });
    await expectNoAxeViolations(admin);
    await screenshot(admin, "journey-invite");
    await invite.getByRole("button", { name: m("Office.staff.send_invitation") }).click();
    await expect(admin).toHaveURL(/\/staff\/\d+$/);
    await expect(admin.getByRole("heading", { level: 1, name: "Noor Haddad" })).toBeVisible();
    const memberUrl = admin.url();

    // The invitation arrives; its link sets the password, in the staff member's own browser.
    await expect.poll(() => mailTo(STAFF.email).length, { timeout: 30_000 }).toBe(1);
    const link = (mailTo(STAFF.email)[0]!.text ?? "").match(/https?:\/\/\S+reset-password\S+/)?.[0];
    expect(link).toContain("invite=1");
    const staff = await (await newContext()).newPage();
    await staff.goto(link!);
    await expect(
      staff.getByRole("heading", { level: 1, name: m("Office.invitation_password_title") }),
    ).toBeVisible();
    await staff.getByLabel(startsWith(m("Office.new_password"))).fill(STAFF.password);
    await staff.getByLabel(startsWith(m("Office.confirm_password"))).fill(STAFF.password);
    await staff.getByRole("button", { name: m("Office.set_password") }).click();
    await expect(staff.getByText(m("Office.password_changed"))).toBeVisible();

    // The admin gives them a desk at the location the invitation named.
    await admin.goto(memberUrl);
    await admin.getByRole("link", { name: m("Office.staff.edit_assignments") }).click();
    await expect(admin).toHaveURL(/\/assignments\/edit$/);
    await expect(admin.getByRole("checkbox", { name: LOCATION })).toBeChecked();
    await admin.getByLabel(m("Office.staff.desk_at", { location: LOCATION })).fill(DESK);
    await admin.getByRole("button", { name: m("Office.staff.save") }).click();
    await expect(
      admin.getByRole("status").filter({ hasText: m("Office.staff.saved") }),
    ).toBeVisible();
    await admin.getByRole("link", { name: m("Office.staff.done") }).click();
    await expect(admin.getByText(`${LOCATION} — ${DESK}`, { exact: true })).toBeVisible();

    // 5. A visitor, with no account, joins the location's line through its form.
    const visitor = await (await newContext()).newPage();
    await visitor.goto(`/callback-service/${locationId}`);
    const serviceField = visitor.getByLabel(m("Form.service"), { exact: false });
    // The first paint waits for the vendor, the location and the form chunk.
    await expect(serviceField).toBeVisible({ timeout: 20_000 });
    await expect(visitor.getByText(LOCATION)).toBeVisible();
    await serviceField.selectOption({ value: serviceId });
    await expect(visitor.getByText(QUESTION)).toBeVisible();
    await visitor.getByRole("radio", { name: "Business account" }).check();
    await visitor.getByLabel(m("Form.first_name"), { exact: false }).fill(VISITOR.first);
    await visitor.getByLabel(m("Form.last_name"), { exact: false }).fill(VISITOR.last);
    await visitor.getByLabel(m("Form.email"), { exact: false }).fill(VISITOR.email);
    await expectNoAxeViolations(visitor);
    await screenshot(visitor, "journey-join-form");
    await visitor.getByRole("button", { name: m("Form.submit_join") }).click();
    await expect(visitor).toHaveURL(/\/callback-service\/confirmation\?/);
    await expect(visitor.getByText(m("Confirmation.added_title"))).toBeVisible();
    // Nobody else is in line: they are next, and may still give up their place.
    await expect(visitor.getByText(m("WaitTime.you_are_next"))).toBeVisible();
    const cancel = visitor.getByRole("button", { name: m("Confirmation.cancel_button") });
    await expect(cancel).toBeVisible();
    await expectNoAxeViolations(visitor);
    await screenshot(visitor, "journey-waiting");
    await expect
      .poll(() => mailTo(VISITOR.email).map((mail) => mail.subject), { timeout: 30_000 })
      .toContain(`You're in line at ${LOCATION}`);

    // 6. The new staff member signs in on the way to the lobby, sees the visitor and calls them.
    await staff.goto("/lobby");
    await expect(staff).toHaveURL(/\/sign-in\?next=%2Flobby$/);
    await staff.getByLabel(m("Office.email")).fill(STAFF.email);
    await staff.getByLabel(m("Office.password")).fill(STAFF.password);
    await staff.getByRole("button", { name: m("Office.sign_in") }).click();
    await expect(staff).toHaveURL(/\/lobby$/);
    await expect(staff.getByRole("heading", { level: 1, name: LOCATION })).toBeVisible();
    const row = staff.getByRole("listitem").filter({ hasText: `${VISITOR.first} ${VISITOR.last}` });
    await expect(row).toBeVisible();
    await expectNoAxeViolations(staff);
    await screenshot(staff, "journey-lobby");

    // Marks the visitor's page load: a reload would lose it.
    await visitor.evaluate(() => Object.assign(window, { sameDocument: true }));
    await staff.getByRole("button", { name: m("Office.call_next") }).click();
    const called = staff.getByRole("region", { name: m("Office.called_heading") });
    await expect(called.getByText(`${VISITOR.first} ${VISITOR.last}`)).toBeVisible();
    // The visitor's page follows without a reload: their turn, at the desk the admin named.
    await expect(
      visitor.getByRole("heading", { level: 1, name: m("Confirmation.your_turn_title") }),
    ).toBeVisible();
    await expect(visitor.getByText(`Please go to ${DESK}`)).toBeVisible();
    expect(await visitor.evaluate(() => "sameDocument" in window)).toBe(true);
    await expectNoAxeViolations(visitor);
    await screenshot(visitor, "journey-called");

    // "Your turn" by email: at the desk the admin named, with the staff member who called.
    const yourTurn = () =>
      mailTo(VISITOR.email).find((mail) => mail.subject === `It's your turn at ${LOCATION}`);
    await expect.poll(() => yourTurn()?.text ?? "", { timeout: 30_000 }).toContain(DESK);
    expect(yourTurn()?.text).toContain("Noor");

    // The visitor arrives at the desk: Start, and their page says who serves them.
    await called
      .getByRole("button", {
        name: m("Office.start_named").replace("{name}", `${VISITOR.first} ${VISITOR.last}`),
      })
      .click();
    const serving = staff.getByRole("region", { name: m("Office.serving_heading") });
    await expect(serving.getByText(`${VISITOR.first} ${VISITOR.last}`)).toBeVisible();
    await expect(visitor.getByText(m("Confirmation.in_progress_title"))).toBeVisible();
    await expect(visitor.getByText(m("Confirmation.in_progress_message"))).toBeVisible();
    await expect(visitor.getByText("Noor Haddad")).toBeVisible();
    await expect(cancel).toHaveCount(0);
    expect(await visitor.evaluate(() => "sameDocument" in window)).toBe(true);
    await screenshot(visitor, "journey-serving");
  } finally {
    for (const context of contexts) await context.close();
  }
});
