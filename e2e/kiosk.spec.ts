// The lobby kiosk (mode=kiosk) in a real browser on the demo data: the landing and method pages,
// a kiosk join (the device signed in with its Kiosk account, as only such a device may join as a
// kiosk) without autocomplete or terms text, starting over 8.5 s after the confirmation and
// after 30 s idle, asking "Are you still there?" 10 s before (input restarts the clock, /how and
// /where never start over), a Kiosk account that signs in landing on its kiosk, one
// locked to its branch, the QR flow on a phone that never starts over, and the vendor settings
// (appointment booking, message, the vendor's own kiosk page). Timers run on Playwright's clock.
import { AxeBuilder } from "@axe-core/playwright";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { messages } from "./catalog.ts";
import { expect, KIOSK_MESSAGE, test } from "./fixtures-modes-server.ts";
import { signInContext, TORONTO_KIOSK } from "./fixtures-office-lobby.ts";

const en = messages("en");
const SCREENSHOTS = "test-results/screenshots";
const SELECTION_KEY = "nextline.kiosk.selection";

test.use({ locale: "en-US" });

type Location = { id: string; attributes: { name: string; city: string; external_id: string } };

async function location(request: APIRequestContext, city: string, base = ""): Promise<Location> {
  const response = await request.get(`${base}/api/v2/open/locations`, {
    headers: { "accept-language": "en" },
  });
  const found = ((await response.json()).data as Location[]).find(
    (l) => l.attributes.city === city,
  );
  if (!found) throw new Error(`no demo location in ${city}`);
  return found;
}

/**
 * axe waits on timers: with the page's clock paused, the clock is moved on a millisecond at a time
 * while it runs, far too little for any kiosk timer to matter.
 */
async function expectNoAxeViolations(page: Page, clockPaused = false) {
  const analysis = new AxeBuilder({ page }).analyze();
  if (clockPaused) {
    let done = false;
    const settle = () => {
      done = true;
    };
    analysis.then(settle, settle);
    // axe finishes in a blank page of its own, which closes under a tick now and then: ignored.
    while (!done) await page.clock.runFor(1).catch(() => {});
  }
  const results = await analysis;
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`),
  ).toEqual([]);
}

const welcome = (name: string) => en["Kiosk.welcome"]!.replace("{location}", name);
const selection = (page: Page) =>
  page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "null"), SELECTION_KEY);

async function openLanding(page: Page, path: string, name: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: welcome(name) })).toBeVisible({
    timeout: 20_000,
  });
}

/** From the landing page through /where to the in-person form, ready to fill. */
async function toInPersonForm(page: Page) {
  await page.getByRole("link", { name: en["Kiosk.join_line"] }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: en["Kiosk.where_title"] }),
  ).toBeVisible();
  await page.getByRole("link", { name: en["Kiosk.in_person"] }).click();
  await expect(page.getByLabel(en["Form.service"]!)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("option", { name: en["Form.services_loading"] })).toHaveCount(0);
}

/**
 * Stops the page's clock from running by itself, so only runFor moves it: a slow machine
 * (axe, a loaded server) then never eats into the kiosk's 8.5 s or 30 s.
 */
async function freezeClock(page: Page) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
}

/** With the clock paused, moves it 10 ms at a time (data loading waits on timers) until `locator` shows. */
async function tickUntilVisible(page: Page, locator: Locator) {
  for (let tick = 0; tick < 200 && !(await locator.isVisible()); tick++) {
    await page.clock.runFor(10);
  }
  await expect(locator).toBeVisible();
}

/** A lobby kiosk asks the name only; a visitor's own phone (the QR flow) needs a way to be told. */
async function fillAndJoin(page: Page, email?: string) {
  await page.getByLabel(en["Form.service"]!).selectOption({ label: "Cash & cheque deposit" });
  await page.getByLabel(en["Form.first_name"]!, { exact: false }).fill("Ada");
  await page.getByLabel(en["Form.last_name"]!, { exact: false }).fill("Lovelace");
  if (email) await page.getByLabel(en["Form.email"]!, { exact: true }).fill(email);
  await page.getByRole("button", { name: en["Form.submit_join"] }).click();
  await expect(page).toHaveURL(/\/callback-service\/confirmation\?/);
}

test("the landing page offers the line and a QR code, and no appointment unless the vendor allows", async ({
  page,
  request,
}) => {
  const toronto = await location(request, "Toronto");
  await openLanding(page, `/how?location=${toronto.id}&mode=kiosk`, toronto.attributes.name);
  await expect(page.getByRole("link", { name: en["Kiosk.join_line"] })).toBeVisible();
  await expect(page.getByRole("link", { name: en["Kiosk.book_appointment"] })).toHaveCount(0);
  await expect(page.getByRole("img", { name: en["Kiosk.qr_label"] })).toBeVisible();
  await expect(page.getByRole("button", { name: en["Kiosk.home"] })).toBeVisible();
  await expectNoAxeViolations(page);
  if (page.viewportSize()?.width === 1280) {
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${SCREENSHOTS}/kiosk-landing-1280.png`, fullPage: true });
  }

  await page.getByRole("link", { name: en["Kiosk.join_line"] }).click();
  await expect(page).toHaveURL(new RegExp(`/where\\?location=${toronto.id}&mode=kiosk`));
  await expect(page.getByRole("link", { name: en["Kiosk.in_person"] })).toBeVisible();
  await expect(page.getByRole("link", { name: en["Kiosk.phone_callback"] })).toBeVisible();
  await expectNoAxeViolations(page);
  if (page.viewportSize()?.width === 1280) {
    await page.screenshot({ path: `${SCREENSHOTS}/kiosk-where-1280.png`, fullPage: true });
  }
});

test("a kiosk join has no autocomplete and no terms text, shows no directions or changes card, and starts over 8.5 s after the confirmation", async ({
  page,
  context,
  request,
}) => {
  const toronto = await location(request, "Toronto");
  // The device signs in through the office sign-in; its page then joins with that session.
  await signInContext(context, TORONTO_KIOSK);
  await page.clock.install();
  await openLanding(
    page,
    `/how?location=${toronto.id}&mode=kiosk&lang=en&use_new_kiosk=1`,
    toronto.attributes.name,
  );
  await toInPersonForm(page);
  await freezeClock(page);
  await expect(page).toHaveURL(/mode=kiosk/);
  await expect(page.locator("form")).toHaveAttribute("autocomplete", "off");
  await expect(page.getByLabel(en["Form.first_name"]!, { exact: false })).toHaveAttribute(
    "autocomplete",
    "off",
  );
  await expect(page.getByText(/terms|privacy notice/i)).toHaveCount(0);
  // The minimal kiosk form (the demo's default): the name and an optional mobile number only.
  await expect(page.getByRole("textbox")).toHaveCount(3);
  await expect(page.getByLabel(en["Form.phone"]!, { exact: false })).toBeVisible();
  await expect(page.getByLabel(en["Form.email"]!, { exact: true })).toHaveCount(0);
  await expect(page.getByLabel(en["Form.notes"]!, { exact: false })).toHaveCount(0);
  await expectNoAxeViolations(page, true);
  expect(await selection(page)).toEqual({ locationId: toronto.id, meetingMethod: "in_person" });

  await fillAndJoin(page);
  await tickUntilVisible(page, page.getByRole("heading", { level: 1 }));
  const countdown = page.getByTestId("kiosk-countdown");
  await expect(countdown).toBeVisible();
  await expect(countdown).toContainText(/starts over in \d seconds?/);
  await expect(page.getByRole("link", { name: /Directions/ })).toHaveCount(0);
  // A QR code to follow the place on a phone; no printed ticket unless the vendor enables it.
  await tickUntilVisible(page, page.getByRole("img", { name: en["Kiosk.follow_title"] }));
  await expect(page.getByRole("button", { name: en["Kiosk.print_ticket"] })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: en["Confirmation.changes_title"] })).toHaveCount(
    0,
  );
  // The ticket, large enough to read from a step back from the kiosk.
  const ticket = page
    .getByRole("region", { name: en["Confirmation.ticket_heading"] })
    .getByText(/^[A-Z]{1,3}-\d{3,}$/);
  await expect(ticket).toBeVisible();
  const size = await ticket.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  expect(size).toBeGreaterThanOrEqual(64);
  await expectNoAxeViolations(page, true);

  // At most 2 s went by while the booking loaded and axe ran (10 ms and 1 ms ticks).
  await page.clock.runFor(6_000);
  await expect(page).toHaveURL(/\/callback-service\/confirmation\?/);
  await page.clock.runFor(2_600);
  await expect(page).toHaveURL(
    new RegExp(`/how\\?location=${toronto.id}&mode=kiosk&lang=en&use_new_kiosk=`),
  );
  await expect(
    page.getByRole("heading", { level: 1, name: welcome(toronto.attributes.name) }),
  ).toBeVisible();
  // The visit's choices are gone; only the landing page's location is known again.
  expect(await selection(page)).toEqual({ locationId: toronto.id, meetingMethod: null });
});

test("a Kiosk account that signs in lands on its branch's kiosk welcome", async ({
  page,
  request,
}) => {
  const toronto = await location(request, "Toronto");
  await page.goto("/sign-in");
  await page.getByLabel(en["Office.email"]!).fill(TORONTO_KIOSK.email);
  await page.getByLabel(en["Office.password"]!).fill(TORONTO_KIOSK.password);
  await page.getByRole("button", { name: en["Office.sign_in"] }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: welcome(toronto.attributes.name) }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/how\\?location=${toronto.id}&mode=kiosk`));
  // A back-office address it cannot open leads to the kiosk too, not to "You can't open this page".
  await page.goto("/lobby");
  await expect(page).toHaveURL(new RegExp(`/how\\?location=${toronto.id}&mode=kiosk`));
});

test("a kiosk page without its Kiosk account signed in cannot join as a kiosk, and says whom to ask", async ({
  page,
  request,
}) => {
  const toronto = await location(request, "Toronto");
  await openLanding(page, `/how?location=${toronto.id}&mode=kiosk`, toronto.attributes.name);
  await toInPersonForm(page);
  await page.getByLabel(en["Form.service"]!).selectOption({ label: "Cash & cheque deposit" });
  await page.getByLabel(en["Form.first_name"]!, { exact: false }).fill("Ada");
  await page.getByLabel(en["Form.last_name"]!, { exact: false }).fill("Lovelace");
  await page.getByRole("button", { name: en["Form.submit_join"] }).click();
  await expect(page.getByText(en["Kiosk.sign_in_required"]!)).toBeVisible();
  await expect(page).toHaveURL(/\/callback-service\//);
  await expect(page).not.toHaveURL(/confirmation/);
});

test('asks "Are you still there?" 10 s before starting over after 30 s without input; any input restarts the clock', async ({
  page,
  request,
}) => {
  const toronto = await location(request, "Toronto");
  await page.clock.install();
  await openLanding(page, `/how?location=${toronto.id}&mode=kiosk`, toronto.attributes.name);
  await toInPersonForm(page);
  await freezeClock(page);
  const form = page.url();
  // Pointer moves and wheel turns reach the page at its next frame, not when the call returns:
  // each input is awaited until the page has seen it, before the clock jumps.
  await page.evaluate(() => {
    const seen = window as unknown as { inputsSeen: Record<string, number> };
    seen.inputsSeen = {};
    for (const name of ["pointermove", "keydown", "wheel"])
      window.addEventListener(
        name,
        () => {
          seen.inputsSeen[name] = (seen.inputsSeen[name] ?? 0) + 1;
        },
        { capture: true, passive: true },
      );
  });
  const input = async (name: string, send: () => Promise<void>) => {
    const count = () =>
      page.evaluate(
        (n) => (window as unknown as { inputsSeen: Record<string, number> }).inputsSeen[n] ?? 0,
        name,
      );
    const before = await count();
    await send();
    await expect.poll(count).toBeGreaterThan(before);
  };

  const stillThere = page.getByRole("dialog", { name: en["Kiosk.still_there_title"] });
  await input("pointermove", () => page.mouse.move(10, 10));
  await page.clock.runFor(19_000);
  await expect(stillThere).toHaveCount(0);
  // 10 s before starting over, the kiosk asks, with the focus on its answer.
  await page.clock.runFor(1_000);
  await expect(stillThere).toBeVisible();
  await expect(stillThere.getByRole("button", { name: en["Kiosk.still_here"] })).toBeFocused();
  await expect(page.getByTestId("kiosk-still-there-countdown")).toContainText(
    /starts over in 10 seconds/,
  );
  await expectNoAxeViolations(page, true);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: `${SCREENSHOTS}/kiosk-still-there-${page.viewportSize()?.width}.png`,
  });
  await page.clock.runFor(4_000);
  await expect(page.getByTestId("kiosk-still-there-countdown")).toContainText(
    /starts over in [1-9] seconds?/,
  );
  // The button's own click, without moving the pointer to it first: a move alone answers the
  // question too (below), and would close the dialog under the click.
  await stillThere.getByRole("button", { name: en["Kiosk.still_here"] }).dispatchEvent("click");
  await expect(stillThere).toHaveCount(0);
  await page.clock.runFor(19_000);
  await expect(stillThere).toHaveCount(0);
  expect(page.url()).toBe(form);
  await page.clock.runFor(6_000);
  await expect(stillThere).toBeVisible();
  // Any other input answers it too.
  await input("keydown", () => page.keyboard.press("Shift"));
  await expect(stillThere).toHaveCount(0);
  await page.clock.runFor(15_000);
  await input("pointermove", () => page.mouse.move(200, 200));
  await page.clock.runFor(15_000);
  await input("wheel", () => page.mouse.wheel(0, 200));
  await page.clock.runFor(25_000);
  await expect(stillThere).toBeVisible();
  expect(page.url()).toBe(form);

  await page.clock.runFor(5_500);
  await expect(page).toHaveURL(new RegExp(`/how\\?location=${toronto.id}&mode=kiosk$`));
});

test("the landing and method pages never start over by themselves", async ({ page, request }) => {
  const toronto = await location(request, "Toronto");
  await page.clock.install();
  await openLanding(page, `/how?location=${toronto.id}&mode=kiosk`, toronto.attributes.name);
  await freezeClock(page);
  await page.clock.runFor(65_000);
  await expect(page).toHaveURL(new RegExp(`/how\\?location=${toronto.id}&mode=kiosk$`));
  await page.getByRole("link", { name: en["Kiosk.join_line"] }).click();
  await expect(page).toHaveURL(/\/where\?/);
  await page.clock.runFor(65_000);
  await expect(page).toHaveURL(/\/where\?/);
  await expect(
    page.getByRole("heading", { level: 1, name: en["Kiosk.where_title"] }),
  ).toBeVisible();
});

test("a kiosk without any location says so", async ({ page }) => {
  await page.goto("/how?mode=kiosk");
  await expect(
    page.getByRole("heading", { level: 1, name: en["Kiosk.no_location_title"] }),
  ).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
});

test("a Kiosk account serves its own branch whatever location the URL names", async ({
  page,
  context,
  request,
}) => {
  const [toronto, newYork] = [
    await location(request, "Toronto"),
    await location(request, "New York"),
  ];
  await signInContext(context, TORONTO_KIOSK);
  await page.goto(`/how?location=${newYork.id}&mode=kiosk`);
  await expect(
    page.getByRole("heading", { level: 1, name: welcome(toronto.attributes.name) }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`location=${toronto.id}`));
});

test("the QR code's phone flow joins as kiosk_qr and never starts over", async ({
  page,
  request,
}) => {
  const toronto = await location(request, "Toronto");
  await page.clock.install();
  await page.goto(`/callback-service/${toronto.id}?booked_through=kiosk_qr&lang=en`);
  await expect(page.getByLabel(en["Form.service"]!)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("option", { name: en["Form.services_loading"] })).toHaveCount(0);
  await expect(page.getByRole("button", { name: en["Kiosk.home"] })).toHaveCount(0);
  await freezeClock(page);
  await fillAndJoin(page, "ada@example.com");
  const url = new URL(page.url());
  const visit = await request.get(
    `/api/v2/open/queue-appointments/${url.searchParams.get("id")}?code=${url.searchParams.get("code")}`,
  );
  expect((await visit.json()).data.attributes.booked_through).toBe("kiosk_qr");
  await expect(page.getByTestId("kiosk-countdown")).toHaveCount(0);
  await page.clock.runFor(40_000);
  await expect(page).toHaveURL(/\/callback-service\/confirmation\?/);
});

test("the vendor's kiosk settings: appointment booking and its message", async ({
  page,
  request,
  modesServer,
}) => {
  const toronto = await location(request, "Toronto", modesServer.northwind);
  await openLanding(
    page,
    `${modesServer.northwind}/how?location=${toronto.id}&mode=kiosk`,
    toronto.attributes.name,
  );
  await expect(page.getByText(KIOSK_MESSAGE)).toBeVisible();
  const book = page.getByRole("link", { name: en["Kiosk.book_appointment"] });
  await expect(book).toHaveAttribute(
    "href",
    new RegExp(`/select-service\\?location=${toronto.id}&mode=kiosk`),
  );
  await expectNoAxeViolations(page);
  if (page.viewportSize()?.width === 1280) {
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({
      path: `${SCREENSHOTS}/kiosk-landing-settings-1280.png`,
      fullPage: true,
    });
  }
});

test("a vendor that enables it prints a ticket with a receipt layout; its kiosk asks the full form", async ({
  page,
  context,
  request,
  modesServer,
}) => {
  const toronto = await location(request, "Toronto", modesServer.northwind);
  const session = await context.request.post(`${modesServer.northwind}/api/internal/v1/session`, {
    data: TORONTO_KIOSK,
  });
  expect(session.status()).toBe(200);
  await page.clock.install();
  await page.goto(
    `${modesServer.northwind}/callback-service/${toronto.id}?mode=kiosk&meeting_method=in_person&walk_in=1`,
  );
  await expect(page.getByLabel(en["Form.service"]!)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("option", { name: en["Form.services_loading"] })).toHaveCount(0);
  // This vendor's kiosks ask the whole form: the email and the notes too.
  await expect(
    page.getByRole("textbox", { name: new RegExp(`^${en["Form.email"]}`) }),
  ).toBeVisible();
  await expect(page.getByLabel(en["Form.notes"]!, { exact: false })).toBeVisible();
  await fillAndJoin(page);
  await freezeClock(page);
  const print = page.getByRole("button", { name: en["Kiosk.print_ticket"] });
  await tickUntilVisible(page, print);
  await expect(page.getByRole("img", { name: en["Kiosk.follow_title"] })).toBeVisible();
  await expectNoAxeViolations(page, true);
  await page.evaluate(() => {
    const counted = window as unknown as { printed: number };
    counted.printed = 0;
    window.print = () => {
      counted.printed += 1;
    };
  });
  await print.click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // The receipt: the confirmation's cards and the code, without the page's header or buttons.
  await page.emulateMedia({ media: "print" });
  await expect(print).toBeHidden();
  await expect(page.locator("header").first()).toBeHidden();
  await expect(page.getByRole("img", { name: en["Kiosk.follow_title"] })).toBeVisible();
  await expect(page.getByText(toronto.attributes.name).first()).toBeVisible();
  await page.screenshot({
    path: `${SCREENSHOTS}/kiosk-ticket-print-${page.viewportSize()?.width}.png`,
    fullPage: true,
  });
  await page.emulateMedia({ media: "screen" });
});

test("a vendor kiosk page receives location=e:{external id} when the kiosk starts over", async ({
  page,
  modesServer,
}) => {
  // harbour.localhost resolves in the browser only (Chromium maps *.localhost to this machine).
  await page.goto(`${modesServer.harbour}/api/v2/open/locations`);
  const clinic = (
    JSON.parse((await page.locator("body").textContent()) ?? "{}").data as Location[]
  )[0]!;
  await openLanding(
    page,
    `${modesServer.harbour}/how?location=${clinic.id}&mode=kiosk`,
    clinic.attributes.name,
  );
  await page.getByRole("button", { name: en["Kiosk.home"] }).click();
  await expect(page).toHaveURL(
    `${modesServer.harbour}/clinic-kiosk?screen=lobby&location=e%3A${encodeURIComponent(clinic.attributes.external_id)}`,
  );
});

test("a kiosk books an appointment for the visitor in front of it, as the kiosk", async ({
  page,
  context,
  request,
  modesServer,
  viewport,
}) => {
  // A kiosk is a tablet: one run, at the desktop project's width.
  test.skip((viewport?.width ?? 0) < 800, "kiosk width only");
  test.slow();
  const base = modesServer.northwind;
  const toronto = await location(request, "Toronto", base);
  const session = await context.request.post(`${base}/api/internal/v1/session`, {
    data: TORONTO_KIOSK,
  });
  expect(session.status()).toBe(200);
  await openLanding(page, `${base}/how?location=${toronto.id}&mode=kiosk`, toronto.attributes.name);
  await page.getByRole("link", { name: en["Kiosk.book_appointment"] }).click();
  await expect(page).toHaveURL(/\/select-service\?.*mode=kiosk/);
  await page.getByRole("link", { name: /Open an account/ }).click();

  // The branch is the kiosk's own: straight to the times (staff, if asked, any).
  await expect(page).toHaveURL(/\/select-(timeslot|staff)\?.*mode=kiosk/);
  if (/\/select-staff\?/.test(page.url())) {
    await page.getByText(en["Booking.any_staff"]!, { exact: true }).click();
  }
  const times = page.getByRole("button", { name: / at \d/ });
  for (let pages = 0; pages < 4 && (await times.count()) === 0; pages++) {
    await expect(page.getByText(en["Booking.times_loading"]!)).toHaveCount(0);
    if ((await times.count()) > 0) break;
    await page.getByRole("button", { name: en["Booking.later_dates"] }).click();
  }
  await times.first().click();
  await expect(
    page.getByRole("heading", { level: 1, name: en["Booking.details_title"] }),
  ).toBeVisible();
  await page.getByRole("textbox", { name: /^First name/ }).fill("Kai");
  await page.getByRole("textbox", { name: /^Last name/ }).fill("Kiosk");
  for (const group of await page.getByRole("group", { name: /required/ }).all()) {
    await group.getByRole("radio").first().check();
  }
  for (const select of await page.getByRole("combobox", { name: /required/ }).all()) {
    await select.selectOption({ index: 1 });
  }
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: en["Booking.book_appointment"] }).click();
  await expect(page).toHaveURL(/\/appointments\/confirmation\?id=\d+&code=\w+/);
  const booked = new URL(page.url());
  const appointment = await context.request.get(
    `${base}/api/v2/open/appointments/${booked.searchParams.get("id")}?code=${booked.searchParams.get("code")}`,
  );
  expect((await appointment.json()).data.attributes).toMatchObject({
    booked_through: "kiosk",
    location_id: toronto.id,
  });
});
