// The confirmation page in a real browser against the real server and the demo data: a place joined
// through the open API (behind another visitor, so people are ahead), then cancelled behind its
// dialog, or moved along by staff through the lobby API while the page stays open (live, no reload)
// up to feedback. axe runs on every state.
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { messages } from "./catalog.ts";
import { staffDesk, TORONTO_DESKS } from "./fixtures-confirm-staff.ts";
import { joinLine, type Visit } from "./fixtures-confirm-visit.ts";

const en = messages("en");
const SCREENSHOTS = "test-results/screenshots";

test.use({ locale: "en-US" });

const confirmationUrl = (visit: Visit, extra = "") =>
  `/callback-service/confirmation?id=${visit.id}&code=${visit.code}&lang=en${extra}`;

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`),
  ).toEqual([]);
}

async function screenshot(page: Page, state: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: `${SCREENSHOTS}/confirmation-${state}-${page.viewportSize()?.width}.png`,
    fullPage: true,
  });
}

const title = (page: Page, id: string) => page.getByRole("heading", { level: 1, name: en[id] });

test("a waiting visitor sees their place, the wait, the instructions and the details", async ({
  page,
  request,
}) => {
  // Someone joins just before, for the same service: they are ahead of this visitor.
  await joinLine(request, { name: { first: "Grace", last: "Hopper" } });
  const visit = await joinLine(request);
  await page.goto(confirmationUrl(visit, "&utm_source=newsletter"));
  await expect(title(page, "Confirmation.added_title")).toBeVisible();
  await expect(page.getByText(en["Confirmation.notify"]!)).toBeVisible();
  const wait = page.getByText(/^Approximately |^You are next$/);
  const lookup = await request.get(
    `/api/v2/open/queue-appointments/${visit.id}?code=${visit.code}`,
  );
  const { data } = (await lookup.json()) as {
    data: {
      attributes: {
        expected_start: string | null;
        ticket: string | null;
        people_ahead: number | null;
      };
    };
  };
  if (data.attributes.expected_start) {
    await expect(wait).toBeVisible();
    // Under the wait, the people ahead: at least the visitor who joined just before.
    expect(data.attributes.people_ahead).toBeGreaterThanOrEqual(1);
    await expect(page.getByText(/^\d+ (person|people) ahead of you$/)).toBeVisible();
  } else await expect(wait).toHaveCount(0); // nobody on shift to serve: no estimate to give

  // The short ticket the room calls, prominent under the news.
  expect(data.attributes.ticket).toMatch(/^[A-Z]{1,3}-\d{3,}$/);
  const ticket = page.getByRole("region", { name: en["Confirmation.ticket_heading"] });
  await expect(ticket.getByText(data.attributes.ticket!, { exact: true })).toBeVisible();
  await expect(ticket.getByText(en["Confirmation.ticket_hint"]!)).toBeVisible();

  const details = page.getByRole("region", { name: en["Confirmation.details_title"] });
  await expect(details.getByText(visit.code)).toBeVisible();
  await expect(details.getByText("Toronto — First Canadian Place")).toBeVisible();
  await expect(details.getByRole("link", { name: /Directions/ })).toHaveAttribute(
    "target",
    "_blank",
  );
  await expect(details.getByRole("link", { name: "Phone" })).toHaveAttribute(
    "href",
    "tel:+14165550142",
  );
  await expect(
    page.getByRole("region", { name: en["Confirmation.instructions_title"] }),
  ).toContainText("PATH level");
  await expectNoAxeViolations(page);
  await screenshot(page, "waiting");

  // Another language re-renders in place, the wait in its words too.
  const es = messages("es");
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByLabel(en["Common.language"]!).selectOption("es");
  await expect(
    page.getByRole("heading", { level: 1, name: es["Confirmation.added_title"] }),
  ).toBeVisible();
  if (data.attributes.expected_start)
    await expect(
      page.getByText(/^Aproximadamente \d+ (minutos|horas?)|^Usted es la siguiente persona$/),
    ).toBeVisible();
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

  // Book another keeps the page's parameters, not this booking's id and code.
  await page.getByRole("link", { name: es["Confirmation.book_another"] }).click();
  await expect(page).toHaveURL(/\/callback-service\?/);
  const url = new URL(page.url());
  expect(url.pathname).toBe("/callback-service");
  expect(Object.fromEntries(url.searchParams)).toEqual({ lang: "es", utm_source: "newsletter" });
});

test("cancelling asks first, then shows the cancelled state, which the server keeps", async ({
  page,
  request,
}) => {
  const visit = await joinLine(request);
  await page.goto(confirmationUrl(visit));
  await page.getByRole("button", { name: en["Confirmation.cancel_button"] }).click();
  const dialog = page.getByRole("dialog", { name: en["Confirmation.cancel_dialog_title"] });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: en["Confirmation.keep_place"] })).toBeFocused();
  await expectNoAxeViolations(page);
  await screenshot(page, "cancel-dialog");

  // Escape keeps the place and gives focus back to the button.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: en["Confirmation.cancel_button"] })).toBeFocused();

  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: en["Confirmation.cancel_confirm"] }).click();
  await expect(title(page, "Confirmation.cancelled_title")).toBeFocused();
  await expect(page.getByRole("link", { name: en["Confirmation.book_another"] })).toHaveAttribute(
    "href",
    `/callback-service/${visit.locationId}?meeting_method=1&lang=en`,
  );
  await expectNoAxeViolations(page);
  await screenshot(page, "cancelled");

  await page.reload();
  await expect(title(page, "Confirmation.cancelled_title")).toBeVisible();
});

test("a wrong code shows the generic card and nothing of the booking", async ({
  page,
  request,
}) => {
  const visit = await joinLine(request);
  await page.goto(`/callback-service/manage?id=${visit.id}&code=NOT-IT&lang=en`);
  await expect(title(page, "Confirmation.generic_title")).toBeVisible();
  await expect(page.getByText("Toronto")).toHaveCount(0);
  await expect(page.getByRole("link", { name: en["Confirmation.book_another"] })).toHaveAttribute(
    "href",
    "/callback-service?lang=en",
  );
  await expectNoAxeViolations(page);
  await screenshot(page, "generic");
});

test("a phone callback reads out only the last three digits of the number", async ({
  page,
  request,
}) => {
  const visit = await joinLine(request, { meetingMethod: 2, cellPhone: "+14165550987" });
  await page.goto(confirmationUrl(visit));
  const details = page.getByRole("region", { name: en["Confirmation.details_title"] });
  await expect(details.getByText(en["Confirmation.call_you"]!)).toBeVisible();
  await expect(details.getByText("(416) 555-0987")).toBeVisible();
  const spoken = await details.ariaSnapshot();
  expect(spoken).toContain("your number ending in 9 8 7");
  expect(spoken).not.toContain("555");
  await expectNoAxeViolations(page);
});

test("curbside pickup shows the car", async ({ page, request }) => {
  const visit = await joinLine(request, { curbside: true });
  await page.goto(confirmationUrl(visit));
  await expect(page.getByText(en["Confirmation.notify_curbside"]!)).toBeVisible();
  const details = page.getByRole("region", { name: en["Confirmation.details_title_curbside"] });
  await expect(details.getByText("Blue Toyota Corolla")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "curbside");
});

// One desk account per browser project serves both tests, one after the other: it has one
// visitor at a time from the call on.
test.describe("staff move a visit along while the page is open", () => {
  test.describe.configure({ mode: "serial" });
  test.slow();

  test("called: It's your turn at the desk, live; recalled; then started: the meeting", async ({
    page,
    request,
    playwright,
    baseURL,
  }, testInfo) => {
    const visit = await joinLine(request);
    const desk = await staffDesk(playwright, baseURL!, TORONTO_DESKS[testInfo.project.name]!);
    await desk.finishServing(visit.locationId);
    await page.goto(confirmationUrl(visit));
    await expect(title(page, "Confirmation.added_title")).toBeVisible();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    // The visitor turns the chime on: one press, remembered.
    const sound = page.getByRole("button", { name: en["Confirmation.turn_sound"] });
    await sound.click();
    await expect(sound).toHaveAttribute("aria-pressed", "true");

    await desk.call(visit.id, "Desk 7");
    await expect(title(page, "Confirmation.your_turn_title")).toBeVisible();
    await expect(page.getByText("Please go to Desk 7")).toBeVisible();
    await expect(page).toHaveTitle(/^Please go to Desk 7 · /);
    // Not in a meeting yet: that comes when staff start it.
    await expect(page.getByText(en["Confirmation.in_progress_message"]!)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshot(page, "your-turn");

    await desk.recall(visit.id);
    await expect(page.getByText(en["Confirmation.called_again"]!)).toBeVisible();
    await expect(page.getByText("Please go to Desk 7")).toBeVisible();

    await desk.start(visit.id);
    await expect(title(page, "Confirmation.in_progress_title")).toBeVisible();
    await expect(page.getByText(en["Confirmation.in_progress_message"]!)).toBeVisible();
    await expect(page.getByText("Please go to Desk 7")).toHaveCount(0);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    await expectNoAxeViolations(page);
    await desk.complete(visit.id);
    await desk.dispose();
  });

  test("in progress, then Join the call, then completed with feedback, all live", async ({
    page,
    request,
    playwright,
    baseURL,
  }, testInfo) => {
    const visit = await joinLine(request, { meetingMethod: 3 });
    const desk = await staffDesk(playwright, baseURL!, TORONTO_DESKS[testInfo.project.name]!);
    await desk.finishServing(visit.locationId);

    await page.goto(confirmationUrl(visit));
    await expect(page.getByText(en["Confirmation.video_link_soon"]!)).toBeVisible();
    // Marks this page load: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await desk.start(visit.id);
    await expect(title(page, "Confirmation.in_progress_title")).toBeVisible();
    await expect(page.getByRole("region", { name: en["Confirmation.changes_title"] })).toHaveCount(
      0,
    );

    await desk.setMeetingLink(visit.id, "https://meet.northwind.example/room-42", {
      e164: "+14165550199",
      pin: "4821",
    });
    const join = page.getByRole("link", { name: /Join the call/ });
    await expect(join).toHaveAttribute("href", "https://meet.northwind.example/room-42");
    await expect(join).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("link", { name: "+1 416 555 0199" })).toHaveAttribute(
      "href",
      "tel:+14165550199",
    );
    await expect(page.getByText("PIN: 4821")).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, "in-progress");

    await desk.complete(visit.id);
    await expect(title(page, "Confirmation.completed_title")).toBeVisible();
    const feedback = page.getByRole("region", { name: en["Feedback.title"] });
    await expect(feedback).toBeVisible();
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, "feedback");

    // Untouched: the message shows for 5 s and nothing is sent.
    const send = feedback.getByRole("button", { name: en["Feedback.send"] });
    await send.click();
    const error = feedback.getByRole("alert");
    await expect(error).toHaveText(en["Feedback.rating_required"]!);
    await expectNoAxeViolations(page);
    await expect(error).toBeHidden({ timeout: 7_000 });

    // By keyboard: into the rating, seven steps right is 3.5 stars.
    await feedback.getByRole("radio", { name: "0 stars: Very dissatisfied" }).focus();
    for (let i = 0; i < 7; i++) await page.keyboard.press("ArrowRight");
    await expect(feedback.getByRole("radio", { name: "3.5 stars: Satisfied" })).toBeChecked();
    await screenshot(page, "feedback-keyboard");
    await feedback.getByLabel(en["Feedback.experience_label"]!).fill("Quick and friendly");
    await send.click();
    await expect(feedback.getByText(en["Feedback.success"]!)).toBeFocused();
    await expect(feedback.getByRole("link", { name: /Leave a review/ })).toHaveAttribute(
      "href",
      "https://northwind.example/reviews/toronto",
    );
    await expectNoAxeViolations(page);
    await screenshot(page, "feedback-sent");

    // The server has it: a reload shows the visit complete without asking again.
    await page.reload();
    await expect(title(page, "Confirmation.completed_title")).toBeVisible();
    await expect(page.getByRole("region", { name: en["Feedback.title"] })).toHaveCount(0);
    await desk.dispose();
  });
});
