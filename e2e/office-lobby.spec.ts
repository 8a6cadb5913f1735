// The back office in a real browser against the real server and the demo data: signing in (and
// refused), the forbidden page and its way out, and the lobby end to end across two browser
// contexts — a visitor joins, staff see them live, call them with N, give them a video link and
// complete them with C, while the visitor's page and the dashboard follow without a reload; and a
// visitor transferred to another location's line, where they keep their place by arrival time.
// axe runs on every page and state; screenshots at tablet (768) and desktop (1280) widths.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { messages } from "./catalog.ts";
import {
  demoLocationId,
  expectNoAxeViolations,
  joinByVideo,
  MANAGER,
  NEW_YORK_DESK,
  screenshot,
  signInContext,
  WARSAW_DESK,
  WARSAW_SECOND_DESK,
} from "./fixtures-office-lobby.ts";

const en = messages("en");
const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1280, height: 800 };

test.use({ locale: "en-US" });

/** Served today at the location, as the dashboard API says now. */
async function servedToday(request: APIRequestContext, locationId: string): Promise<number> {
  // Its own limit: a request that hangs says so, rather than spending the test's budget.
  const response = await request.get("/api/internal/v1/dashboard", { timeout: 30_000 });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as {
    data: { attributes: { location_id: string; served: number } }[];
  };
  const day = data.find((candidate) => candidate.attributes.location_id === locationId);
  if (!day) throw new Error(`no dashboard figures for location ${locationId}`);
  return day.attributes.served;
}

/** The page with the two widths of the brief, each screenshotted, back at the width it had. */
async function screenshotAtBothWidths(page: Page, name: string) {
  const original = page.viewportSize();
  for (const size of [TABLET, DESKTOP]) {
    await page.setViewportSize(size);
    await screenshot(page, name);
  }
  if (original) await page.setViewportSize(original);
}

test("sign-in refuses a wrong password out loud, then signs in and goes where the staff member was headed", async ({
  page,
}) => {
  await page.goto("/lobby");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Flobby$/);
  await expect(
    page.getByRole("heading", { level: 1, name: en["Office.sign_in_title"] }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Empty: each field says what it needs, and the first one takes focus.
  await page.getByRole("button", { name: en["Office.sign_in"] }).click();
  const email = page.getByLabel(en["Office.email"]!);
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(en["Errors.required"]!)).toHaveCount(2);

  await email.fill(WARSAW_SECOND_DESK.email);
  await page.getByLabel(en["Office.password"]!).fill("not-the-password");
  await page.getByRole("button", { name: en["Office.sign_in"] }).click();
  await expect(page.getByRole("alert")).toHaveText(en["Auth.invalid_credentials"]!);
  // The password is emptied and focused for the next try; the email stays.
  await expect(page.getByLabel(en["Office.password"]!)).toBeFocused();
  await expect(page.getByLabel(en["Office.password"]!)).toHaveValue("");
  await expect(email).toHaveValue(WARSAW_SECOND_DESK.email);
  await expectNoAxeViolations(page);
  await screenshotAtBothWidths(page, "sign-in-error");

  await page.getByLabel(en["Office.password"]!).fill(WARSAW_SECOND_DESK.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/lobby$/);
  await expect(page.getByRole("heading", { level: 1, name: /Wars(aw|zawa)/ })).toBeVisible();

  // Signing out leads back to sign-in, which says so; the lobby is closed again.
  await page.getByRole("button", { name: /Piotr/ }).click();
  await page.getByRole("button", { name: en["Office.sign_out"], exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole("status")).toHaveText(en["Office.signed_out"]!);
  await page.goto("/lobby");
  await expect(page).toHaveURL(/\/sign-in\?next=/);
});

test("the forgotten-password page never says whether an email has an account", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByRole("link", { name: en["Office.forgot_password_link"] }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: en["Office.forgot_password_title"] }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(en["Office.email"]!).fill("nobody@northwind.example");
  await page.getByRole("button", { name: en["Office.send_reset_link"] }).click();
  await expect(page.getByRole("status")).toContainText("nobody@northwind.example");
  await expectNoAxeViolations(page);

  await page.goto("/reset-password?token=not-a-real-token");
  await page.getByLabel(new RegExp(`^${en["Office.new_password"]}`)).fill("a-long-enough-password");
  await page.getByLabel(en["Office.confirm_password"]!).fill("a-long-enough-password");
  await page.getByRole("button", { name: en["Office.set_password"] }).click();
  await expect(page.getByRole("alert")).toHaveText(en["Auth.reset_token_invalid"]!);
  await expect(page.getByRole("link", { name: en["Office.request_new_link"] })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a page above the account's role shows the forbidden page, which offers a way out", async ({
  page,
  context,
}) => {
  // A manager may not open the platform admin's failed jobs. (A Kiosk account is taken to its
  // branch's kiosk instead: e2e/kiosk.spec.ts.)
  await signInContext(context, MANAGER);
  await page.goto("/jobs");
  await expect(page).toHaveURL(/\/forbidden$/);
  await expect(
    page.getByRole("heading", { level: 1, name: en["Office.forbidden_title"] }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotAtBothWidths(page, "forbidden");

  await page.getByRole("button", { name: en["Office.sign_in_as_someone_else"] }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test.describe("the lobby, live", () => {
  // Each test serves a real line: calling through the people ahead, six screenshots and five axe
  // runs take a minute on a busy two-core machine. A budget, not a measurement.
  test.setTimeout(240_000);

  test("a visitor appears live, is called with N, gets a video link, is completed with C; their page and the dashboard follow", async ({
    browser,
    page,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one desk, one run: the line is shared");
    await signInContext(context, WARSAW_DESK);
    await page.goto("/lobby");
    const heading = page.getByRole("heading", { level: 1, name: /Wars(aw|zawa)/ });
    await expect(heading).toBeVisible();
    await expect(page.getByText(en["Office.loading_line"]!)).toBeHidden();
    await expectNoAxeViolations(page);
    // Marks this page load: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    // A visitor joins from their phone (another browser).
    const visitorContext = await browser.newContext({ locale: "en-US" });
    const visitorPage = await visitorContext.newPage();
    const visit = await joinByVideo(visitorContext.request, "NW-WAW-005");
    await visitorPage.goto(
      `/callback-service/confirmation?id=${visit.id}&code=${visit.code}&lang=en`,
    );
    await expect(visitorPage.getByText(en["Confirmation.added_title"]!)).toBeVisible();

    // Staff see them arrive without reloading: in the list, marked new, and announced.
    const row = page.getByRole("listitem").filter({ hasText: visit.name });
    await expect(row).toBeVisible();
    await expect(row.getByText(en["Office.new_badge"]!)).toBeVisible();
    await expect(page.getByText(`New visitor: ${visit.name}`)).toBeAttached();
    await row.getByRole("button", { name: en["Office.details"] }).click();
    await expect(row.getByText("wanda@example.com")).toBeVisible();
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    await expectNoAxeViolations(page);
    await screenshotAtBothWidths(page, "lobby-waiting");

    // The dashboard, open in a second tab, shows the day so far.
    const dashboard = await context.newPage();
    await dashboard.goto("/dashboard");
    const card = dashboard.getByRole("article", { name: /Wars(aw|zawa)/ });
    // Waiting now, in progress, served, no-shows: the third figure.
    const served = card.getByRole("definition").nth(2);
    await expect(served).toHaveText(/^\d+$/);
    await expectNoAxeViolations(dashboard);
    await screenshotAtBothWidths(dashboard, "dashboard");

    // Call next (N) to the desk typed here until it is our visitor: the demo line has people
    // ahead of them. Whoever the desk called first is started (S) and completed (C).
    await page.getByLabel(en["Office.your_desk"]!).fill("Window 4");
    await heading.click();
    const serving = page.getByRole("region", { name: en["Office.serving_heading"] });
    const called = page.getByRole("region", { name: /^Called/ });
    const myCall = called.getByRole("listitem").filter({ hasText: en["Office.your_visitor"] });
    if (await serving.isVisible()) {
      await page.keyboard.press("c");
      await expect(serving).toBeHidden();
    }
    for (let turn = 0; turn < 12; turn++) {
      if ((await myCall.count()) === 0) await page.keyboard.press("n");
      await expect(myCall).toBeVisible();
      if ((await myCall.getByText(visit.name).count()) > 0) break;
      await page.keyboard.press("s");
      await expect(serving).toBeVisible();
      await page.keyboard.press("c");
      await expect(serving).toBeHidden();
    }
    await expect(myCall.getByText(visit.name)).toBeVisible();
    await expect(myCall.getByText("To Window 4")).toBeVisible();
    await expect(
      page.getByRole("status").filter({ hasText: `Called ${visit.name}.` }),
    ).toBeVisible();
    // The visitor reads that it is their turn, not that a meeting is under way.
    await expect(visitorPage.getByText(en["Confirmation.your_turn_title"]!)).toBeVisible();
    await expect(visitorPage.getByText("Please go to Window 4")).toBeVisible();
    await expect(visitorPage.getByText(en["Confirmation.in_progress_message"]!)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshotAtBothWidths(page, "lobby-called");

    // Recall (R), then Start (S) when they arrive.
    await page.keyboard.press("r");
    await expect(myCall.getByText("Called again once")).toBeVisible();
    await expect(visitorPage.getByText(en["Confirmation.called_again"]!)).toBeVisible();
    await page.keyboard.press("s");
    await expect(serving.getByText(visit.name)).toBeVisible();
    await expect(
      page.getByRole("status").filter({ hasText: `Now serving ${visit.name}.` }),
    ).toBeVisible();
    await expect(visitorPage.getByText(en["Confirmation.in_progress_message"]!)).toBeVisible();

    // A video link, through its dialog: the visitor's page offers to join the call.
    await serving.getByRole("button", { name: en["Office.set_meeting_link"] }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(en["Office.meeting_link"]!).fill("meet.example.com/room");
    await dialog.getByRole("button", { name: en["Office.save"] }).click();
    await expect(dialog.getByText(en["Lobby.meeting_link_invalid"]!)).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAtBothWidths(page, "meeting-link-dialog");
    await dialog
      .getByLabel(en["Office.meeting_link"]!)
      .fill("https://meet.northwind.example/waw-7");
    await dialog.getByLabel(en["Office.dial_in_number"]!).fill("+48 22 555 01 99");
    await dialog.getByLabel(en["Office.dial_in_pin"]!).fill("7310");
    await dialog.getByRole("button", { name: en["Office.save"] }).click();
    await expect(dialog).toBeHidden();
    await expect(serving.getByText(en["Office.link_sent"]!)).toBeVisible();
    const join = visitorPage.getByRole("link", { name: /Join the call/ });
    await expect(join).toHaveAttribute("href", "https://meet.northwind.example/waw-7");
    await expectNoAxeViolations(page);
    await screenshotAtBothWidths(page, "lobby-serving");

    // Complete with C: the visitor's page asks for feedback, the dashboard counts one more served.
    // (The visitors served before ours count too: the tab catches up with the server first.)
    const servedNow = await servedToday(context.request, visit.locationId);
    await expect(served).toHaveText(String(servedNow), { timeout: 35_000 });
    await heading.click();
    await page.keyboard.press("c");
    await expect(serving).toBeHidden();
    await expect(visitorPage.getByRole("region", { name: en["Feedback.title"] })).toBeVisible();
    await expect(served).toHaveText(String(servedNow + 1), { timeout: 35_000 });
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    await visitorContext.close();
  });

  test("the walk-in form refuses what the visitor form refuses, adds the visitor, and cancelling asks first", async ({
    page,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one desk, one run: the line is shared");
    await signInContext(context, NEW_YORK_DESK);
    await page.goto("/lobby");
    await expect(page.getByRole("heading", { level: 1, name: /New York/ })).toBeVisible();

    await page.getByRole("button", { name: en["Office.add_walk_in"] }).click();
    const dialog = page.getByRole("dialog", { name: en["Office.add_walk_in"] });
    await expect(dialog.getByLabel(en["Office.first_name"]!)).toBeVisible();
    await dialog.getByLabel(en["Office.service"]!).selectOption({ index: 1 });
    await dialog.getByRole("button", { name: en["Office.add_to_line"] }).click();
    await expect(dialog.getByLabel(en["Office.first_name"]!)).toBeFocused();
    await expect(dialog.getByText(en["Errors.required"]!).first()).toBeVisible();
    // The shared rule for phone numbers: a + first.
    await dialog.getByLabel(en["Office.mobile_phone"]!).fill("212 555 0100");
    await dialog.getByRole("button", { name: en["Office.add_to_line"] }).click();
    await expect(dialog.getByText(en["CallbackService.phone_plus"]!)).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAtBothWidths(page, "walk-in-errors");

    const lastName = `Deskwalkin${Math.floor(Math.random() * 1e6)}`;
    await dialog.getByLabel(en["Office.first_name"]!).fill("Otto");
    await dialog.getByLabel(en["Office.last_name"]!).fill(lastName);
    await dialog.getByLabel(en["Office.mobile_phone"]!).fill("+1 212 555 0100");
    // Required questions of the service, if it has any: the first option or a word.
    for (const group of await dialog.getByRole("group").all()) {
      if ((await group.getByText(en["Office.field_required"]!).count()) === 0) continue;
      await group.getByRole("radio").or(group.getByRole("checkbox")).first().check();
    }
    for (const field of await dialog.locator("[aria-required=true]").all()) {
      if ((await field.inputValue()) !== "") continue;
      const tag = await field.evaluate((element) => element.tagName);
      if (tag === "SELECT") await field.selectOption({ index: 1 });
      else await field.fill("Yes");
    }
    await dialog.getByRole("button", { name: en["Office.add_to_line"] }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole("listitem").filter({ hasText: `Otto ${lastName}` });
    await expect(row).toBeVisible();
    await expect(
      page.getByRole("status").filter({ hasText: `Otto ${lastName} was added` }),
    ).toBeVisible();
    // A walk-in gets a ticket as every join does, beside the name and in the details.
    const heading = row.getByRole("heading", { level: 3 });
    await expect(heading).toHaveText(new RegExp(`^${en["Office.ticket"]} [A-Z]{1,3}-\\d{3,}Otto`));
    const ticket = /[A-Z]{1,3}-\d{3,}/.exec((await heading.textContent()) ?? "")![0];
    await row.getByRole("button", { name: en["Office.details"] }).click();
    await expect(row.getByRole("definition").filter({ hasText: ticket })).toBeVisible();

    await row.getByRole("button", { name: `More actions for Otto ${lastName}` }).click();
    await page.getByRole("menuitem", { name: en["Office.cancel_visit"] }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toBeVisible();
    // The safe choice has focus: Enter by habit keeps the visit.
    await expect(confirm.getByRole("button", { name: en["Office.keep_visit"] })).toBeFocused();
    await expectNoAxeViolations(page);
    await screenshotAtBothWidths(page, "confirm-cancel");
    await confirm.getByRole("button", { name: en["Office.cancel_visit"] }).click();
    await expect(row).toHaveCount(0);
  });

  test("a manager transfers a waiting visitor to another location, where they stand by arrival time with a new ticket", async ({
    page,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one desk, one run: the lines are shared");
    await signInContext(context, MANAGER);
    const newYork = await demoLocationId(page.request, "NW-NYC-003");
    const toronto = await demoLocationId(page.request, "NW-TOR-001");
    // A service of Toronto's that takes video calls, as the visitor's is.
    const offered = await page.request.get(
      `/api/v2/open/queue-appointments-services/${toronto}?lang=en`,
    );
    const [options] = (
      (await offered.json()) as { data: [{ id: string; text: string; meetingMethods: number[] }[]] }
    ).data;
    const target = options.find((option) => option.meetingMethods.includes(3));
    if (!target) throw new Error("no video service in Toronto");
    const visit = await joinByVideo(page.request, "NW-NYC-003");

    await page.goto(`/lobby?location=${newYork}`);
    const row = page.getByRole("listitem").filter({ hasText: visit.name });
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: `More actions for ${visit.name}` }).click();
    await page.getByRole("menuitem", { name: en["Office.transfer"] }).click();
    const dialog = page.getByRole("dialog", { name: `Transfer ${visit.name}` });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(en["Office.location"]!, { exact: false }).selectOption(toronto);
    const service = dialog.getByLabel(en["Office.service"]!, { exact: false });
    await expect(service.locator(`option[value="${target.id}"]`)).toBeAttached();
    await expectNoAxeViolations(page);
    await screenshotAtBothWidths(page, "transfer");
    // The service chosen, then Tab past Cancel to Transfer and Enter, as with a keyboard alone.
    await service.selectOption(target.id);
    await service.focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: en["Office.transfer"] })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole("status").filter({ hasText: `${visit.name} was transferred` }),
    ).toBeVisible();
    await expect(row).toHaveCount(0);

    await page.goto(`/lobby?location=${toronto}`);
    const moved = page.getByRole("listitem").filter({ hasText: visit.name });
    await expect(moved).toBeVisible();
    await expect(moved.getByRole("heading", { level: 3 })).toHaveText(
      new RegExp(`^${en["Office.ticket"]} [A-Z]{1,3}-\\d{3,}`),
    );
    await expectNoAxeViolations(page);
  });
});
