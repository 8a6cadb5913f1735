// The callback / online-queue form in a real browser against the real server and the demo data
// (Northwind Bank): joining in person (English, Spanish), curbside, by phone and by keyboard alone;
// each validation message; the failure snackbar; reaching a location through the finder, and the
// list an unknown location id shows; the private, closed, method-refused and switched-off screens.
// axe runs on every state; screenshots at both widths.
import { AxeBuilder } from "@axe-core/playwright";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { messages } from "./catalog.ts";
import { expect, test } from "./fixtures-form-server.ts";

const en = messages("en");
const es = messages("es");
const SCREENSHOTS = "test-results/screenshots";

test.use({ locale: "en-US" });

type Location = { id: string; attributes: { name: string; city: string; visibility: string } };

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

/** The private branch is not listed; it is found by id like an invitation link would. */
async function privateLocation(request: APIRequestContext): Promise<Location> {
  for (let id = 1; id <= 40; id++) {
    const response = await request.get(`/api/v2/open/locations/${id}`);
    if (!response.ok()) continue;
    const data = (await response.json()).data as Location;
    if (data.attributes.visibility === "private") return data;
  }
  throw new Error("no private demo location");
}

async function visitOf(request: APIRequestContext, page: Page) {
  const url = new URL(page.url());
  const id = url.searchParams.get("id");
  const code = url.searchParams.get("code");
  const response = await request.get(`/api/v2/open/queue-appointments/${id}?code=${code}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as {
    data: { attributes: Record<string, unknown> };
    included: { type: string; attributes: Record<string, unknown> }[];
  };
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
    path: `${SCREENSHOTS}/callback-form-${state}-${page.viewportSize()?.width}.png`,
    fullPage: true,
  });
}

const field = (page: Page, id: string, t = en) => page.getByLabel(t[id]!, { exact: false });
const submitButton = (page: Page, id = "Form.submit_join", t = en) =>
  page.getByRole("button", { name: t[id] });
const errorOf = (control: Locator) =>
  control.evaluate((element) => {
    const ids = element.getAttribute("aria-describedby")?.split(" ") ?? [];
    return ids
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ")
      .trim();
  });

// The location finder, shown at /callback-service without a location (e2e/location-finder.spec.ts
// tests it in depth); these reach a location's form through it by typed text.
const finderEntries = (page: Page) =>
  page.getByRole("list", { name: en["LocationFinder.results"] }).getByRole("button");

/** Enter searches the typed text itself rather than a suggested place. */
async function searchFinder(page: Page, text: string) {
  const box = page.getByRole("combobox", { name: en["LocationFinder.search_label"] });
  await box.fill(text);
  await box.press("Enter");
}

async function chooseInFinder(page: Page, text: string, name: RegExp) {
  await searchFinder(page, text);
  await expect(page.getByText(new RegExp(`locations? match(es)? “${text}”`))).toBeVisible();
  await finderEntries(page).filter({ hasText: name }).first().click();
  await expect(page.getByRole("heading", { level: 2, name })).toBeFocused();
  await page.getByRole("button", { name: en["LocationFinder.select"] }).click();
}

/** No tile server is reachable in the tests; the desktop map's tiles fail at once, not after a DNS wait. */
async function failTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort("internetdisconnected"));
}

async function openForm(page: Page, path: string, t = en) {
  await page.goto(path);
  // The first paint waits for the vendor, the location and the form chunk: on a loaded
  // two-core machine that can take longer than a single assertion's default.
  await expect(field(page, "Form.service", t)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("option", { name: t["Form.services_loading"] })).toHaveCount(0);
}

async function fillVisitor(page: Page, t = en) {
  await field(page, "Form.first_name", t).fill("Ada");
  await field(page, "Form.last_name", t).fill("Lovelace");
}

test("joins as a walk-in in English, with the answers, tracking and the confirmation link", async ({
  page,
  request,
}) => {
  const toronto = await location(request, "Toronto");
  await openForm(page, `/callback-service/${toronto.id}?utm_source=newsletter&partner=acme`);
  await expect(
    page.getByRole("heading", { level: 1, name: en["CallbackService.title_in_person"] }),
  ).toBeVisible();
  await expect(page.getByText(toronto.attributes.name)).toBeVisible();
  await expect(page.getByText(/Current wait time|No walk-ins currently/)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "empty");

  await field(page, "Form.service").selectOption({ label: "Cash & cheque deposit" });
  // Cash deposits are walk-in only here: the service decides, nothing is asked.
  await expect(page.getByRole("group", { name: en["Form.fulfillment"] })).toHaveCount(0);
  await fillVisitor(page);
  await field(page, "Form.email").fill(" ada @example .com ");
  await expect(field(page, "Form.email")).toHaveValue("ada@example.com");
  // A deposit asks no question of its own: the only choice is how to be served, and the one
  // free-text field is the notes.
  const ways = page.getByRole("group", { name: en["Form.meeting_method"] });
  await expect(ways.getByRole("radio", { name: en["Form.method_in_person"] })).toBeChecked();
  await expect(page.getByRole("radio")).toHaveCount(await ways.getByRole("radio").count());
  await field(page, "Form.notes").fill("I use a wheelchair.");
  await screenshot(page, "filled");
  // From the press to the confirmation the page is never blank: the form stays, busy, until the
  // confirmation can show at once.
  await page.evaluate(() => {
    const main = document.querySelector("main");
    const record = () => {
      if (!main?.textContent?.trim()) (window as { blankMain?: boolean }).blankMain = true;
    };
    new MutationObserver(record).observe(document.body, { childList: true, subtree: true });
  });
  await submitButton(page).click();

  await expect(page).toHaveURL(/\/callback-service\/confirmation\?/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as { blankMain?: boolean }).blankMain)).toBeUndefined();
  const url = new URL(page.url());
  expect(url.searchParams.get("lang")).toBe("en");
  expect(url.searchParams.get("utm_source")).toBe("newsletter");
  expect(url.searchParams.get("partner")).toBe("acme");
  expect(url.searchParams.get("code")).toMatch(/^[0-9A-Z]{16}$/);
  const visit = await visitOf(request, page);
  expect(visit.data.attributes).toMatchObject({
    status: "waiting",
    booked_through: "online_queue",
    meeting_method: 1,
    fulfillment_method: 1,
    lang: "en",
    tracking: { utm_source: "newsletter" },
  });
  const client = visit.included.find((item) => item.type === "clients");
  expect(client?.attributes).toMatchObject({ first_name: "Ada", email: "ada@example.com" });
  expect(visit.data.attributes).toMatchObject({ notes: "I use a wheelchair." });
  expect(visit.included.filter((item) => item.type === "answers")).toHaveLength(0);
});

test("joins as a walk-in in Spanish: labels, services and the language of the visit", async ({
  page,
  request,
}) => {
  const newYork = await location(request, "New York");
  await openForm(page, `/callback-service/${newYork.id}?lang=es`, es);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(
    page.getByRole("heading", { level: 1, name: es["CallbackService.title_in_person"] }),
  ).toBeVisible();
  await expect(page.getByText("Nueva York — Wall Street")).toBeVisible();
  await field(page, "Form.service", es).selectOption({ label: "Depósito de efectivo y cheques" });
  await fillVisitor(page, es);
  await field(page, "Form.email", es).fill("ada@example.com");
  await expectNoAxeViolations(page);
  await screenshot(page, "spanish");
  await submitButton(page, "Form.submit_join", es).click();

  await expect(page).toHaveURL(/\/callback-service\/confirmation\?.*lang=es/);
  const visit = await visitOf(request, page);
  expect(visit.data.attributes).toMatchObject({ lang: "es", fulfillment_method: 1 });
});

test("curbside pickup asks for the car and sends it; a curbside-only service asks no choice", async ({
  page,
  request,
}) => {
  const toronto = await location(request, "Toronto");
  await openForm(page, `/callback-service/${toronto.id}`);
  await field(page, "Form.service").selectOption({ label: "Card pickup" });
  await expect(page.getByRole("group", { name: en["Form.fulfillment"] })).toHaveCount(0);
  await expect(page.getByRole("group", { name: en["Form.car_details"] })).toBeVisible();

  await field(page, "Form.service").selectOption({ label: "Document drop-off" });
  const choice = page.getByRole("group", { name: en["Form.fulfillment"] });
  await expect(choice.getByRole("radio", { name: en["Form.walk_in"] })).toBeChecked();
  await expect(page.getByRole("group", { name: en["Form.car_details"] })).toHaveCount(0);
  await choice.getByRole("radio", { name: en["Form.curbside"] }).check();
  const car = page.getByRole("group", { name: en["Form.car_details"] });
  await expect(car).toBeVisible();
  await fillVisitor(page);
  await field(page, "Form.phone").fill("416 555 0199");
  await car.getByLabel(en["Form.car_make"]!).fill("Volvo");
  await submitButton(page).click();
  await expect(car.getByLabel(en["Form.car_model"]!)).toBeFocused();
  expect(await errorOf(car.getByLabel(en["Form.car_model"]!))).toBe(
    en["CallbackService.car_details_required"],
  );
  await car.getByLabel(en["Form.car_model"]!).fill("XC40");
  await car.getByLabel(en["Form.car_colour"]!).fill("Blue");
  await car.getByLabel(en["Form.parking_space"]!).fill("12");
  await expectNoAxeViolations(page);
  await screenshot(page, "curbside");
  await submitButton(page).click();

  await expect(page).toHaveURL(/\/callback-service\/confirmation\?/);
  const visit = await visitOf(request, page);
  expect(visit.data.attributes).toMatchObject({
    fulfillment_method: 2,
    car_details: { make: "Volvo", model: "XC40", colour: "Blue", parking_space: "12" },
  });
  const client = visit.included.find((item) => item.type === "clients");
  expect(client?.attributes).toMatchObject({ cell_phone: "+14165550199" });
});

test("a phone callback needs the number, offers no curbside-only service and records the method", async ({
  page,
  request,
}) => {
  const toronto = await location(request, "Toronto");
  await openForm(page, `/callback-service/${toronto.id}?meeting_method=2`);
  await expect(
    page.getByRole("heading", { level: 1, name: en["CallbackService.title_phone"] }),
  ).toBeVisible();
  await expect(
    field(page, "Form.service").getByRole("option", { name: "Card pickup" }),
  ).toHaveCount(0);
  await expect(page.getByText(`${en["Form.phone"]} ${en["Form.required"]}`)).toBeVisible();
  await field(page, "Form.service").selectOption({ label: "Mortgage advice" });
  await fillVisitor(page);
  await page.getByRole("radio", { name: "No" }).check();
  await page.getByRole("checkbox", { name: "Refinancing" }).check();
  await submitButton(page, "Form.submit_phone").click();
  await expect(field(page, "Form.phone")).toBeFocused();
  expect(await errorOf(field(page, "Form.phone"))).toBe(
    en["CallbackService.phone_required_for_callback"],
  );

  await field(page, "Form.phone").fill("(416) 555-0142");
  await page.getByRole("checkbox", { name: en["Form.sms_opt_in"] }).check();
  await submitButton(page, "Form.submit_phone").click();
  await expect(page).toHaveURL(/\/callback-service\/confirmation\?.*meeting_method=2/);
  const visit = await visitOf(request, page);
  expect(visit.data.attributes).toMatchObject({ meeting_method: 2 });
  const client = visit.included.find((item) => item.type === "clients");
  expect(client?.attributes).toMatchObject({ cell_phone: "+14165550142", receive_sms: true });
  const answers = visit.included.filter((item) => item.type === "answers");
  expect(answers.map((a) => a.attributes.value)).toContainEqual([expect.any(Number)]);
});

test("the visitor chooses how to be served; a way this location does not take is explained", async ({
  page,
  request,
}) => {
  const vancouver = await location(request, "Vancouver");
  await openForm(page, `/callback-service/${vancouver.id}?partner=acme`);
  const ways = page.getByRole("group", { name: en["Form.meeting_method"] });
  const way = (id: string) => ways.getByRole("radio", { name: en[id], exact: true });
  await expect(way("Form.method_in_person")).toBeChecked();
  await expect(way("Form.method_in_person")).toHaveAccessibleDescription(
    en["Form.method_in_person_hint"]!,
  );
  // Vancouver takes no video calls: the way is there, unavailable, and says why.
  await expect(way("Form.method_video")).toBeDisabled();
  await expect(way("Form.method_video")).toHaveAccessibleDescription(en["Form.method_not_here"]!);
  await expectNoAxeViolations(page);
  await screenshot(page, "ways");

  await fillVisitor(page);
  await way("Form.method_phone").check();
  // The page follows the choice; what the visitor typed stays, and no history entry is added.
  await expect(page).toHaveURL(/[?&]meeting_method=phone(&|$)/);
  expect(new URL(page.url()).searchParams.get("partner")).toBe("acme");
  await expect(
    page.getByRole("heading", { level: 1, name: en["CallbackService.title_phone"] }),
  ).toBeVisible();
  await expect(field(page, "Form.first_name")).toHaveValue("Ada");
  await expect(page.getByText(`${en["Form.phone"]} ${en["Form.required"]}`)).toBeVisible();
  await expect(
    field(page, "Form.service").getByRole("option", { name: "Card pickup" }),
  ).toHaveCount(0);
  await field(page, "Form.service").selectOption({ label: "Mortgage advice" });
  await page.getByRole("radio", { name: "No", exact: true }).check();
  await page.getByRole("checkbox", { name: "Refinancing" }).check();
  await field(page, "Form.phone").fill("(604) 555-0142");
  await submitButton(page, "Form.submit_phone").click();
  await expect(page).toHaveURL(/\/callback-service\/confirmation\?/);
  const visit = await visitOf(request, page);
  expect(visit.data.attributes).toMatchObject({ meeting_method: 2 });
  await page.goBack();
  await expect(page).toHaveURL(/\/callback-service\/\d+\?partner=acme&meeting_method=phone$/);
});

test("query parameters: service preselected, walk_in offers no curbside, source and workflow kept", async ({
  page,
  request,
}) => {
  const toronto = await location(request, "Toronto");
  const services = await request.get(`/api/v2/open/queue-appointments-services/${toronto.id}`);
  const dropOff = ((await services.json()).data[0] as { text: string; value: string }[]).find(
    (service) => service.text === "Document drop-off",
  );
  await openForm(
    page,
    `/callback-service/${toronto.id}?service=${dropOff?.value}&walk_in=1&mode=kiosk&booked_through=kiosk_qr&workflow=wf-7&use_new_kiosk=1`,
  );
  await expect(field(page, "Form.service")).toHaveValue(dropOff!.value);
  await expect(page.getByRole("group", { name: en["Form.fulfillment"] })).toHaveCount(0);
  await expect(page.getByRole("group", { name: en["Form.car_details"] })).toHaveCount(0);
  await fillVisitor(page);
  await field(page, "Form.email").fill("ada@example.com");
  await submitButton(page).click();

  await expect(page).toHaveURL(/\/callback-service\/confirmation\?/);
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    mode: "kiosk",
    use_new_kiosk: "true",
    booked_through: "kiosk_qr",
    walk_in: "1",
    workflow: "wf-7",
    lang: "en",
  });
  const visit = await visitOf(request, page);
  expect(visit.data.attributes).toMatchObject({
    booked_through: "kiosk_qr",
    channel_id: 20,
    workflow_id: "wf-7",
    fulfillment_method: 1,
  });
});

test("says what is wrong as the visitor types, and blocks sending while notes hold a number", async ({
  page,
  request,
}) => {
  const toronto = await location(request, "Toronto");
  await openForm(page, `/callback-service/${toronto.id}`);
  await field(page, "Form.service").selectOption({ label: "Mortgage advice" });
  await fillVisitor(page);

  const notes = field(page, "Form.notes");
  await notes.fill("Room 12, ext. 345");
  expect(await errorOf(notes)).toBe("");
  // An account number written in groups is still one number.
  await notes.fill("Account 1234 5678 9012");
  await expect.poll(() => errorOf(notes)).toBe(en["CallbackService.notes_error"]);
  await notes.fill("Please call after lunch");
  await expect.poll(() => errorOf(notes)).toBe("");
  await notes.fill("Card 1234-5678-9012");
  await expect.poll(() => errorOf(notes)).toBe(en["CallbackService.notes_error"]);
  await expect(notes).toHaveAttribute("aria-invalid", "true");
  await expect(submitButton(page)).toBeDisabled();
  await notes.fill("Please call after lunch");
  await expect.poll(() => errorOf(notes)).toBe("");
  await expect(submitButton(page)).toBeEnabled();

  const phone = field(page, "Form.phone");
  await phone.fill("12345");
  await expect.poll(() => errorOf(phone)).toBe(en["CallbackService.phone_invalid"]);
  await phone.fill("");

  await submitButton(page).click();
  await expect(phone).toBeFocused();
  expect(await errorOf(phone)).toBe(en["CallbackService.notify_contact_required"]);
  const customer = page.getByRole("group", { name: /existing Northwind Bank customer/ });
  expect(await errorOf(customer)).toContain(en["Errors.required"]);
  const topics = page.getByRole("group", { name: /What would you like to discuss/ });
  expect(await errorOf(topics)).toContain(en["CallbackService.required_checkbox"]);
  await expectNoAxeViolations(page);
  await screenshot(page, "errors");

  await field(page, "Form.email").fill("ada@example.com");
  await expect.poll(() => errorOf(phone)).toBe("");
  await topics.getByRole("checkbox", { name: "Refinancing" }).check();
  await expect.poll(() => errorOf(topics)).not.toContain(en["CallbackService.required_checkbox"]);
});

test("a failed join shows an Error snackbar that stays until dismissed; the retry joins once", async ({
  page,
  request,
  context,
}) => {
  const toronto = await location(request, "Toronto");
  await openForm(page, `/callback-service/${toronto.id}`);
  await field(page, "Form.service").selectOption({ label: "Cash & cheque deposit" });
  await fillVisitor(page);
  await field(page, "Form.email").fill("ada@example.com");
  // Without its anti-forgery cookie the server refuses the join: a real refusal, in its words.
  await context.clearCookies();
  await submitButton(page).click();

  const snackbar = page.getByRole("alert").filter({ hasText: en["Form.error_title"] });
  await expect(snackbar).toContainText(en["Errors.csrf"]!);
  await expect(submitButton(page)).toBeEnabled();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(snackbar).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "snackbar");
  await snackbar.getByRole("button", { name: en["Form.dismiss"] }).click();
  await expect(snackbar).toHaveCount(0);

  let posts = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/queue-appointments")) posts += 1;
  });
  await submitButton(page).dblclick();
  await expect(page).toHaveURL(/\/callback-service\/confirmation\?/);
  expect(posts).toBe(1);
});

test("joins with the keyboard alone, from the skip link to the confirmation", async ({
  page,
  request,
}) => {
  const warsaw = await location(request, "Warszawa");
  await openForm(page, `/callback-service/${warsaw.id}`);
  const tabTo = async (target: Locator) => {
    for (let i = 0; i < 40; i++) {
      if (await target.evaluate((element) => element === document.activeElement)) return;
      await page.keyboard.press("Tab");
    }
    await expect(target).toBeFocused();
  };
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: en["Common.skip_to_content"] })).toBeFocused();
  await page.keyboard.press("Enter");
  await tabTo(field(page, "Form.service"));
  await page.keyboard.type("Cash");
  await expect(field(page, "Form.service")).toHaveValue(/\d+/);
  await tabTo(field(page, "Form.first_name"));
  await page.keyboard.type("Ada");
  await page.keyboard.press("Tab");
  await expect(field(page, "Form.last_name")).toBeFocused();
  await page.keyboard.type("Lovelace");
  await page.keyboard.press("Tab");
  await expect(field(page, "Form.email")).toBeFocused();
  await page.keyboard.type("ada@example.com");
  await tabTo(submitButton(page));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/callback-service\/confirmation\?/);
});

test("switching language re-renders the form, the location and the services without a reload", async ({
  page,
  request,
}) => {
  const fr = messages("fr");
  const warsaw = await location(request, "Warszawa");
  await openForm(page, `/callback-service/${warsaw.id}`);
  await expect(page.getByText("Warsaw — Złota Street")).toBeVisible();
  await field(page, "Form.first_name").fill("Ada");
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  await page.getByLabel(en["Common.language"]!).selectOption("fr");

  await expect(
    page.getByRole("heading", { level: 1, name: fr["CallbackService.title_in_person"] }),
  ).toBeVisible();
  await expect(page.getByText("Varsovie — rue Złota")).toBeVisible();
  await expect(
    field(page, "Form.service", fr).getByRole("option", { name: "Ouvrir un compte" }),
  ).toHaveCount(1);
  await expect(field(page, "Form.first_name", fr)).toHaveValue("Ada");
  expect(await page.evaluate(() => "stillTheSamePage" in window)).toBe(true);
});

test("without a location, the finder finds one by its text and leads to its form with the query kept", async ({
  page,
  request,
}) => {
  const listed = await request.get("/api/v2/open/locations", {
    headers: { "accept-language": "en" },
  });
  const all = ((await listed.json()).data as Location[]).length;
  await failTiles(page);
  await page.goto("/callback-service?meeting_method=1&utm_campaign=spring");
  await expect(
    page.getByRole("heading", { level: 1, name: en["LocationFinder.title"] }),
  ).toBeVisible();
  await expect(finderEntries(page)).toHaveCount(all);
  await expectNoAxeViolations(page);
  await screenshot(page, "location-finder");

  await searchFinder(page, "Chicago");
  await expect(page.getByText(/1 location matches “Chicago”/)).toBeVisible();
  await expect(finderEntries(page)).toHaveCount(1);
  await searchFinder(page, "Atlantis");
  await expect(page.getByText(en["LocationFinder.no_locations"]!)).toBeVisible();
  await expect(finderEntries(page)).toHaveCount(0);

  await chooseInFinder(page, "Złota", /Warsaw/);
  await expect(page).toHaveURL(/\/callback-service\/\d+\?meeting_method=1&utm_campaign=spring$/);
  await expect(page.getByText("Warsaw — Złota Street")).toBeVisible();
  await expect(field(page, "Form.service")).toBeVisible();
});

test("an unknown location id says so over the searchable list, which still leads to a form", async ({
  page,
}) => {
  await page.goto("/callback-service/999999?utm_campaign=spring");
  await expect(page.getByRole("alert")).toHaveText(en["CallbackService.location_unknown"]!);
  await expect(
    page.getByRole("heading", { level: 1, name: en["CallbackService.search_title"] }),
  ).toBeVisible();
  await expect(page.getByRole("main").getByRole("link")).toHaveCount(5);
  await expectNoAxeViolations(page);
  await screenshot(page, "location-unknown");
  await page.getByLabel(en["CallbackService.search_label"]!).fill("Atlantis");
  await expect(page.getByText(en["CallbackService.no_locations"]!)).toBeVisible();
  await page.getByLabel(en["CallbackService.search_label"]!).fill("Chicago");
  await expect(page.getByRole("main").getByRole("link")).toHaveCount(1);
  // Warsaw takes callbacks at any hour, so its form shows whatever the time.
  await page.getByLabel(en["CallbackService.search_label"]!).fill("Złota");
  await page.getByRole("link", { name: /Warsaw/ }).click();
  await expect(page).toHaveURL(/\/callback-service\/\d+\?utm_campaign=spring$/);
  await expect(page.getByText("Warsaw — Złota Street")).toBeVisible();
  await expect(field(page, "Form.service")).toBeVisible();
});

test("a private location cannot be joined", async ({ page, request }) => {
  const montreal = await privateLocation(request);
  await page.goto(`/callback-service/${montreal.id}`);
  await expect(page.getByText(en["CallbackService.location_private"]!)).toBeVisible();
  await expect(page.getByRole("main").getByRole("combobox")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, "private");
});

test("a location that takes no video calls says so by meeting method, and offers the ways it takes", async ({
  page,
  request,
}) => {
  const vancouver = await location(request, "Vancouver");
  await page.goto(`/callback-service/${vancouver.id}?meeting_method=video`);
  await expect(
    page.getByText("This location is not taking video callbacks at this time"),
  ).toBeVisible();
  const otherWays = page.getByRole("navigation", { name: en["Notices.other_ways"] });
  await expect(otherWays.getByRole("link")).toHaveText([
    en["Form.method_in_person"]!,
    en["Form.method_phone"]!,
  ]);
  await expectNoAxeViolations(page);
  await screenshot(page, "method-unavailable");
  await otherWays.getByRole("link", { name: en["Form.method_phone"] }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: en["CallbackService.title_phone"] }),
  ).toBeVisible();
  await expect(page).toHaveURL(/[?&]meeting_method=phone$/);
});

test.describe("with other vendor settings", () => {
  test("a vendor that takes no callbacks shows the not-available screen", async ({
    page,
    variantServer,
  }) => {
    await page.goto(`${variantServer.harbour}/callback-service/1`);
    await expect(
      page.getByRole("heading", { level: 1, name: en["CallbackService.requests_disabled"] }),
    ).toBeVisible();
    await expect(page.getByText(en["CallbackService.requests_disabled_subtitle"]!)).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, "disabled");
  });

  test("a location restricting callback hours shows its hours while closed", async ({
    page,
    variantServer,
  }) => {
    await failTiles(page);
    await page.goto(`${variantServer.northwind}/callback-service`);
    await chooseInFinder(page, "Chicago", /Chicago/);
    await expect(
      page.getByRole("heading", { level: 1, name: en["Notices.closed_title"] }),
    ).toBeVisible();
    await expect(page.getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("main").getByRole("combobox")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshot(page, "closed");
  });

  test("the compliance agreement gates sending; the statement shows sanitised; texts are required", async ({
    page,
    variantServer,
  }) => {
    await failTiles(page);
    await page.goto(`${variantServer.northwind}/callback-service`);
    await chooseInFinder(page, "Toronto", /Toronto/);
    await expect(field(page, "Form.service")).toBeVisible();
    await expect(page.getByText("visitor policy")).toBeVisible();
    expect(await page.evaluate(() => "__statementRan" in window)).toBe(false);
    await expect(page.locator("a[href^='javascript:']")).toHaveCount(0);
    const sms = page.getByRole("checkbox", { name: new RegExp(en["Form.sms_opt_in"]!) });
    await expect(sms).toBeChecked();
    await expect(sms).toBeDisabled();

    await field(page, "Form.service").selectOption({ label: "Cash & cheque deposit" });
    await fillVisitor(page);
    await field(page, "Form.phone").fill("416 555 0123");
    await expect(submitButton(page)).toBeDisabled();
    const accept = page.getByRole("checkbox", { name: en["Form.compliance_accept"] });
    await expectNoAxeViolations(page);
    await screenshot(page, "compliance");
    await accept.check();
    await expect(submitButton(page)).toBeEnabled();
    await submitButton(page).click();
    await expect(page).toHaveURL(/\/callback-service\/confirmation\?/);
  });

  test("a kiosk asks for no agreement, shows no terms but the statement, and turns autocomplete off", async ({
    page,
    request,
    variantServer,
  }) => {
    const toronto = await location(request, "Toronto", variantServer.northwind);
    await page.goto(`${variantServer.northwind}/callback-service/${toronto.id}?mode=kiosk`);
    await expect(field(page, "Form.service")).toBeVisible();
    await expect(page.getByText("visitor policy")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: en["Form.compliance_accept"] })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /terms of service/ })).toHaveCount(0);
    await expect(page.locator("form")).toHaveAttribute("autocomplete", "off");
    await expect(field(page, "Form.first_name")).toHaveAttribute("autocomplete", "off");
    await expect(
      page.getByRole("link", { name: en["CallbackService.change_location"] }),
    ).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshot(page, "kiosk");
  });
});

test("the form page fetches each file and each read once: the preloads its HTML names are the ones it uses", async ({
  page,
  request,
}) => {
  const toronto = await location(request, "Toronto");
  const assets: string[] = [];
  const warnings: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/assets/")) assets.push(url.pathname);
    if (url.pathname.startsWith("/api/") && r.method() === "GET")
      assets.push(`${url.pathname}${url.search}`);
  });
  page.on("console", (message) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  });
  await openForm(page, `/callback-service/${toronto.id}?lang=es`, es);
  const html = await (await request.get(`/callback-service/${toronto.id}?lang=es`)).text();
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/callback-form-/);
  expect(html).toContain(
    `<link rel="preload" as="fetch" crossorigin href="/api/v2/open/locations/${toronto.id}?lang=es">`,
  );
  expect(assets).toContain(`/api/v2/open/queue-appointments-services/${toronto.id}?lang=es`);
  // Chromium says so a few seconds after load when a preload went unused or did not match.
  await page.waitForTimeout(3_500);
  expect(assets.filter((path, index) => assets.indexOf(path) !== index)).toEqual([]);
  expect(warnings).toEqual([]);
});

test("the page language's Intl data loads on a worker while the app starts, and the form renders after it", async ({
  page,
  request,
}) => {
  const toronto = await location(request, "Toronto");
  const workers: { url: string; closed: boolean }[] = [];
  page.on("worker", (worker) => {
    const seen = { url: new URL(worker.url()).pathname, closed: false };
    workers.push(seen);
    worker.on("close", () => {
      seen.closed = true;
    });
  });
  await openForm(page, `/callback-service/${toronto.id}?lang=es`, es);
  expect(workers.map((worker) => worker.url)).toEqual([
    expect.stringMatching(/^\/assets\/intl-warmup\.worker-[\w-]+\.js$/),
  ]);
  // Its work done, the worker ends itself rather than living on beside the page.
  await expect.poll(() => workers[0]?.closed).toBe(true);
});

test("the phone country list is rendered when the visitor reaches the selector, with the location's country chosen", async ({
  page,
  request,
}) => {
  const toronto = await location(request, "Toronto");
  await openForm(page, `/callback-service/${toronto.id}`);
  const country = page.getByRole("combobox", { name: en["Form.phone_country"] });
  // Once idle the country data is in: the lone option names the calling code too.
  await expect(country.locator("option")).toHaveText(["+1 Canada"]);
  await expect(country).toHaveValue("CA");
  // Reaching the selector (here by focus, as a Tab does) renders the whole list.
  await country.focus();
  await expect.poll(() => country.locator("option").count()).toBeGreaterThan(200);
  await expect(country).toHaveValue("CA");
  await expect(country).toHaveAttribute("aria-busy", "false");
  await page.keyboard.press("ArrowDown");
  await expect(country).toHaveValue("US");
  await country.selectOption("PL");
  await expect(country).toHaveValue("PL");
});

test("asks for the family name first in Korean and Chinese, the given name first elsewhere", async ({
  page,
  request,
}) => {
  const toronto = await location(request, "Toronto");
  const order = () =>
    page
      .locator("input")
      .evaluateAll((inputs) =>
        inputs
          .map((input) => input.getAttribute("name"))
          .filter((name) => name === "first_name" || name === "last_name"),
      );
  for (const [lang, expected] of [
    ["ko", ["last_name", "first_name"]],
    ["zh-CN", ["last_name", "first_name"]],
    ["en", ["first_name", "last_name"]],
  ] as const) {
    await openForm(page, `/callback-service/${toronto.id}?lang=${lang}`, messages(lang));
    expect(await order(), lang).toEqual(expected);
  }
  await expectNoAxeViolations(page);
});
