// The lobby TV board (mode=tv) in a real browser on the demo data: a visitor who joins shows under
// Next up, and a staff member calling next through the lobby API moves them to Now serving with
// their window, live, with no touch and no reload; after a dropped connection it catches up by
// itself; an admin's change to what the board shows of a visitor reaches an open board with no
// reload. Vancouver is used because no other browser test moves its line.
import { AxeBuilder } from "@axe-core/playwright";
import {
  type APIRequestContext,
  expect,
  type Page,
  type PlaywrightWorkerArgs,
  test,
} from "@playwright/test";
import { messages } from "./catalog.ts";
import { MANAGER, signInContext } from "./fixtures-office-lobby.ts";

const en = messages("en");
const SCREENSHOTS = "test-results/screenshots";
const VANCOUVER = "NW-VAN-002";
/** Vancouver's Window 1 (demo staff, serves every service there). */
const DESK = { email: "staff.plus@northwind.example", password: "ledger-orchid-58" };
/** The demo vendor's admin (README, demo accounts): the lobby and TV settings are an admin's. */
const ADMIN = { email: "admin@northwind.example", password: "keyring-summit-35" };

test.use({ locale: "en-US", viewport: { width: 1920, height: 1080 } });
// One board at a time: the tests below move the same line. Each run starts on a fresh database,
// so the visitors' names are unique within it.
test.describe.configure({ mode: "serial" });

test.beforeEach(({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "a lobby TV is a landscape screen");
  void page;
});

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`),
  ).toEqual([]);
}

async function screenshot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-${page.viewportSize()?.width}.png` });
}

async function locationId(request: APIRequestContext, externalId: string) {
  const response = await request.get("/api/v2/open/locations");
  const { data } = (await response.json()) as {
    data: { id: string; attributes: { external_id: string | null } }[];
  };
  const found = data.find((l) => l.attributes.external_id === externalId);
  if (!found) throw new Error(`${externalId} is not seeded`);
  return found.id;
}

/** A walk-in visitor joins the line in person through the open API, as the form would. */
async function joinInPerson(request: APIRequestContext, location: string, firstName: string) {
  const vendor = await request.get("/api/v2/open/vendor");
  const { meta } = (await vendor.json()) as { meta: { csrf_token: string } };
  const services = await request.get(`/api/v2/open/queue-appointments-services/${location}`);
  const { data } = (await services.json()) as { data: [{ id: string; text: string }[], unknown] };
  const deposit = data[0].find((s) => s.text === "Cash & cheque deposit");
  if (!deposit) throw new Error("the demo branch offers no cash deposits");
  const questions = await request.get(`/api/v2/open/questions?filter[matching]=${deposit.id}`);
  const { data: asked } = (await questions.json()) as {
    data: {
      id: string;
      attributes: { type: string; required: boolean; options: { value: number }[] };
    }[];
  };
  const answers = asked
    .filter((q) => q.attributes.required)
    .map((q) => {
      const first = q.attributes.options[0]?.value;
      const value = q.attributes.type === "checkbox" ? [first] : (first ?? "Yes");
      return { type: "answers", attributes: { question_id: q.id, value } };
    });
  const response = await request.post("/api/v2/open/queue-appointments", {
    headers: { "content-type": "application/vnd.api+json", "x-csrf-token": meta.csrf_token },
    data: {
      data: {
        type: "queue-appointments",
        attributes: {
          location_id: location,
          service_id: deposit.id,
          meeting_method: 1,
          fulfillment_method: 1,
        },
        relationships: {
          client: {
            data: {
              type: "clients",
              attributes: {
                first_name: firstName,
                last_name: "Villeneuve",
                email: "tv@example.com",
              },
            },
          },
          ...(answers.length ? { answers: { data: answers } } : {}),
        },
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { data: joined } = (await response.json()) as {
    data: { id: string; attributes: { ticket: string } };
  };
  return { id: joined.id, ticket: joined.attributes.ticket };
}

type Called = { id: string; attributes: { client: { first_name: string } } } | null;

/** The desk, signed in through the staff API with its session cookie and anti-forgery token. */
async function staffDesk(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string) {
  const request = await playwright.request.newContext({ baseURL });
  const signIn = await request.post("/api/internal/v1/session", { data: DESK });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { data: session, csrf_token: csrf } = (await signIn.json()) as {
    data: { user: { id: number } };
    csrf_token: string;
  };
  const headers = { "content-type": "application/vnd.api+json", "x-csrf-token": csrf };
  const patch = async (id: string, attributes: Record<string, unknown>) => {
    const res = await request.patch(`/api/internal/v1/queue-appointments/${id}`, {
      headers,
      data: { data: { id, type: "queue-appointments", attributes } },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  const start = (id: string) => patch(id, { status: "in_progress" });
  const complete = (id: string) => patch(id, { status: "completed" });
  return {
    /** Serves to the end whoever this desk called or is serving, so it may call someone new. */
    async finishServing(location: string) {
      const res = await request.get(`/api/internal/v1/locations/${location}/queue`);
      const { data } = (await res.json()) as {
        data: {
          id: string;
          attributes: { status: string; user: { id: string } | null; call: object | null };
        }[];
      };
      for (const entry of data) {
        if (entry.attributes.user?.id !== String(session.user.id)) continue;
        if (entry.attributes.status === "waiting" && entry.attributes.call !== null)
          await start(entry.id);
        if (entry.attributes.status !== "completed") await complete(entry.id);
      }
    },
    async callNext(location: string): Promise<Called> {
      // No body, so no content type: an empty JSON:API body would not parse.
      const res = await request.post(`/api/internal/v1/locations/${location}/queue/next`, {
        headers: { "x-csrf-token": csrf },
      });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { data: Called }).data;
    },
    /** Calls next until `visitorId` is called, serving the visitors ahead of them. */
    async callUntil(location: string, visitorId: string) {
      for (let i = 0; i < 20; i++) {
        const called = await this.callNext(location);
        if (!called) throw new Error("the line ran out before the visitor was called");
        if (called.id === visitorId) return;
        await start(called.id);
        await complete(called.id);
      }
      throw new Error("the visitor was never called");
    },
    start,
    complete,
    dispose: () => request.dispose(),
  };
}

const nowServing = (page: Page) => page.getByRole("region", { name: en["Tv.now_serving"] });
const nextUp = (page: Page) => page.getByRole("region", { name: en["Tv.next_up"] });

test("the board follows the line live: a join shows under Next up, call next moves it to Now serving", async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const location = await locationId(request, VANCOUVER);
  const desk = await staffDesk(playwright, baseURL!);
  await desk.finishServing(location);

  await page.goto(`/callback-service/${location}?mode=tv`);
  await expect(
    page.getByRole("heading", { level: 1, name: "Vancouver — West Georgia" }),
  ).toBeVisible();
  await expect(nowServing(page)).toBeVisible();
  await expect(page.getByText(en["Tv.current_wait"]!)).toBeVisible();
  // No visitor chrome on a TV: no language picker, no footer link.
  await expect(page.getByLabel(en["Common.language"]!)).toHaveCount(0);
  await expect(page.getByRole("link")).toHaveCount(0);

  const firstName = "Odette";
  const { id: visitorId, ticket } = await joinInPerson(request, location, firstName);
  // Live: the realtime event, not the minute's safety refresh, brings the new visitor in.
  await expect(nextUp(page).getByText(`${firstName} V.`)).toBeVisible({ timeout: 8_000 });
  // Their ticket stands beside the name, for a room that matches itself by number.
  await expect(
    nextUp(page)
      .getByRole("listitem")
      .filter({ hasText: `${firstName} V.` }),
  ).toContainText(ticket);
  await expect(page.getByText("Villeneuve")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, "tv-board-waiting");

  await desk.callUntil(location, visitorId);
  const row = nowServing(page)
    .getByRole("listitem")
    .filter({ hasText: `${firstName} V.` });
  // Called: under Now serving with the desk to go to, chimed and read out.
  await expect(row).toContainText(`${en["Tv.called_label"]} Window 1`, { timeout: 8_000 });
  await expect(row).toContainText(ticket);
  const announcement = page.locator('[aria-live="assertive"]');
  await expect(announcement).toHaveText(`${ticket} ${firstName} V., please go to Window 1`);
  await expect(nextUp(page).getByText(`${firstName} V.`)).toHaveCount(0);
  // Started when they arrive: still under Now serving, no longer "go to".
  await desk.start(visitorId);
  await expect(row).not.toContainText(en["Tv.called_label"]!, { timeout: 8_000 });
  await expect(row).toContainText("Window 1");
  await expectNoAxeViolations(page);
  await screenshot(page, "tv-board");

  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(row).toBeInViewport();
  await screenshot(page, "tv-board");

  await desk.complete(visitorId);
  await expect(row).toHaveCount(0, { timeout: 8_000 });
  await desk.dispose();
});

test("after a dropped connection the board catches up by itself", async ({
  page,
  context,
  request,
}) => {
  const location = await locationId(request, VANCOUVER);
  const socketClosed: string[] = [];
  page.on("websocket", (socket) => socket.on("close", () => socketClosed.push(socket.url())));
  await page.goto(`/callback-service/${location}?mode=tv`);
  await expect(nowServing(page)).toBeVisible();
  // Subscribed: a join shows live.
  const early = "Renata";
  await joinInPerson(request, location, early);
  await expect(nextUp(page).getByText(`${early} V.`)).toBeVisible({ timeout: 8_000 });

  // The TV loses its network; the line changes meanwhile (the API client is not the TV's).
  await context.setOffline(true);
  await expect.poll(() => socketClosed.length).toBeGreaterThan(0);
  const missed = "Mirabel";
  await joinInPerson(request, location, missed);
  await page.waitForTimeout(1_500);
  await expect(nextUp(page).getByText(`${missed} V.`)).toHaveCount(0);

  // Back online: the socket reconnects by itself and the board re-reads what it missed.
  await context.setOffline(false);
  await expect(nextUp(page).getByText(`${missed} V.`)).toBeVisible({ timeout: 15_000 });
  await expect(nextUp(page).getByText(`${early} V.`)).toBeVisible();
});

test("a location that does not exist says the board is not available", async ({ page }) => {
  await page.goto("/callback-service/999999?mode=tv");
  await expect(page.getByRole("heading", { level: 1, name: en["Tv.unavailable"] })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a private branch's board shows only through the board link a manager finds in the lobby", async ({
  browser,
  page,
  baseURL,
}) => {
  // Without the link's token the private branch's board is as unknown as a missing location.
  const office = await browser.newContext({ baseURL: baseURL!, locale: "en-US" });
  await signInContext(office, MANAGER);
  const me = await office.request.get("/api/internal/v1/me");
  const { data } = (await me.json()) as { data: { locations: { id: number; name: string }[] } };
  const montreal = data.locations.find((l) => l.name === "Montréal — Private Wealth");
  if (!montreal) throw new Error("the demo's private branch is not seeded");
  await page.goto(`/callback-service/${montreal.id}?mode=tv`);
  await expect(page.getByRole("heading", { level: 1, name: en["Tv.unavailable"] })).toBeVisible();

  // The manager finds the link at the foot of the lobby, by keyboard.
  const lobby = await office.newPage();
  await lobby.goto(`/lobby?location=${montreal.id}`);
  const show = lobby.getByRole("button", { name: en["Office.tv_board_show"] });
  await show.focus();
  await lobby.keyboard.press("Enter");
  const field = lobby.getByRole("textbox", { name: en["Office.tv_board_link"] });
  await expect(field).toBeFocused();
  const link = await field.inputValue();
  expect(link).toMatch(new RegExp(`/callback-service/${montreal.id}\\?mode=tv&token=[\\w-]{32}$`));
  await expect(lobby.getByRole("button", { name: en["Office.tv_board_copy"] })).toBeVisible();
  await expect(lobby.getByRole("link", { name: en["Office.tv_board_open"] })).toHaveAttribute(
    "href",
    link,
  );
  await expectNoAxeViolations(lobby);
  await screenshot(lobby, "tv-board-link");

  // The link shows the board, live: the realtime channel takes the same token.
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("live updates refused")) refusals.push(message.text());
  });
  const subscribed = page.waitForEvent("websocket");
  await page.goto(link);
  await expect(
    page.getByRole("heading", { level: 1, name: "Montréal — Private Wealth" }),
  ).toBeVisible();
  await subscribed;
  await expectNoAxeViolations(page);
  expect(refusals).toEqual([]);

  // A new link retires the old one.
  await lobby.getByRole("button", { name: en["Office.tv_board_rotate"] }).click();
  await expect(
    lobby.getByRole("status").filter({ hasText: en["Office.tv_board_rotated"] }),
  ).toBeVisible();
  await expect(field).not.toHaveValue(link);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: en["Tv.unavailable"] })).toBeVisible();
  await office.close();
});

test("a change to what the board shows reaches an open TV at once, with no reload", async ({
  browser,
  page,
  request,
}) => {
  const location = await locationId(request, VANCOUVER);
  await page.goto(`/callback-service/${location}?mode=tv`);
  const firstName = "Philippa";
  const { ticket } = await joinInPerson(request, location, firstName);
  const waiting = nextUp(page).getByRole("listitem").filter({ hasText: ticket });
  await expect(waiting).toContainText(`${firstName} V.`, { timeout: 8_000 });

  const office = await browser.newContext({ locale: "en-US" });
  await signInContext(office, ADMIN);
  const settings = await office.newPage();
  await settings.goto("/settings/lobby");
  await expect(
    settings.getByRole("heading", { level: 1, name: en["Settings.lobby_title"] }),
  ).toBeVisible();
  const display = settings.getByRole("group", { name: en["Settings.lobby_display_legend"] });
  const before = display.getByRole("radio", { checked: true });
  const original = await before.getAttribute("value");
  const save = async () => {
    await settings.getByRole("button", { name: en["Settings.lobby_save"] }).click();
    await expect(settings.getByText(en["Settings.lobby_saved"]!)).toBeVisible();
  };
  try {
    await display.getByRole("radio", { name: en["Settings.lobby_display_ticket"] }).check();
    await expectNoAxeViolations(settings);
    await save();
    // The open board re-reads its settings when told they changed: the ticket stays, the name goes.
    await expect(waiting).not.toContainText(`${firstName} V.`, { timeout: 8_000 });
    await expect(waiting).toContainText(ticket);
    await expectNoAxeViolations(page);
    await screenshot(page, "tv-board-tickets-only");
  } finally {
    // The other boards of this run show names: the setting goes back to what it was.
    await settings.reload();
    await display.locator(`input[value="${original}"]`).check();
    await save();
    await office.close();
  }
});
