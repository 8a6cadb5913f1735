// The message log and a visitor's messages in a real browser against the real server: a manager
// opens "Messages" from the navigation; a visitor who joins with an email gets the joined
// confirmation, which shows in the log (found by the search) and on their details in the lobby.
// A second test answers the log in the browser with every status, to check the table's layout,
// filters, "Load more" and axe at both widths. Screenshots at 1280 and 375.
import { expect, type Page, test } from "@playwright/test";
import { messages } from "./catalog.ts";
import {
  demoLocationId,
  expectNoAxeViolations,
  joinByVideo,
  MANAGER,
  screenshot,
  signInContext,
} from "./fixtures-office-lobby.ts";

// Each test checks both widths with axe several times, and the first waits up to 30 s for the
// sender: the default 30 s budget is too small for either.
test.describe.configure({ timeout: 90_000 });

const en = messages("en");
const t = (id: string) => en[id]!;

test.use({ locale: "en-US", timezoneId: "America/Toronto" });

/** A branch no other spec joins, so its line holds only this spec's visitors besides the demo's. */
const BRANCH = "NW-NYC-003";

const nav = (page: Page) => page.getByRole("navigation", { name: t("Office.nav_label") });

async function atBothWidths(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await screenshot(page, name);
  const wide = page.viewportSize()!;
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page);
  await screenshot(page, name);
  await page.setViewportSize(wide);
}

test("a visitor's joined confirmation shows in the message log and on their details in the lobby", async ({
  page,
  context,
  request,
}) => {
  const email = `log-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const visit = await joinByVideo(request, BRANCH, { email });

  await signInContext(context, MANAGER);
  await page.goto("/dashboard");
  const link = nav(page).getByRole("link", { name: t("Office.nav_messages") });
  await link.click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(link).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 1, name: t("MessageLog.title") })).toBeVisible();

  // The search waits for a pause in typing, then keeps itself in the address.
  await page.getByLabel(t("MessageLog.search")).fill(email);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email).replaceAll(".", "\\.")}`));
  const table = page.getByRole("table");
  // The sender works after the join commits: read the log again until the confirmation is there.
  await expect(async () => {
    await page.reload();
    await expect(table.getByRole("row").filter({ hasText: email }).first()).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  const row = table.getByRole("row").filter({ hasText: email }).first();
  await expect(row).toContainText(t("MessageLog.kind_joined"));
  await expect(row).toContainText(t("MessageLog.channel_email"));
  await expect(row).toContainText(t("MessageLog.direction_outbound"));
  await atBothWidths(page, "messages-search");

  // The same message on the visitor's details in the lobby.
  await page.goto(`/lobby?location=${await demoLocationId(request, BRANCH)}`);
  const visitor = page.getByRole("listitem").filter({
    has: page.getByRole("heading", { level: 3, name: visit.name }),
  });
  await visitor.getByRole("button", { name: t("Office.details") }).click();
  const section = visitor.getByRole("region", { name: t("Office.visitor_messages") });
  await expect(section.getByRole("listitem").first()).toContainText(t("MessageLog.kind_joined"));
  await expect(section.getByRole("listitem").first()).toContainText(t("MessageLog.channel_email"));
  await expectNoAxeViolations(page);
  await screenshot(page, "lobby-visitor-messages");
});

test("the log reads at every width: statuses, replies, folded text, filters and Load more", async ({
  page,
  context,
}) => {
  const now = Date.now();
  const message = (id: number, attributes: Record<string, unknown>) => ({
    type: "messages",
    id: String(id),
    attributes: {
      direction: "outbound",
      channel: "sms",
      kind: "joined",
      recipient: "+15145550148",
      lang: "en",
      subject: null,
      body: "You are number 3 in line at Montréal. We will text you when it is almost your turn.",
      status: "delivered",
      status_reason: null,
      provider: "twilio",
      attempts: 1,
      created_at: new Date(now - id * 7 * 60_000).toISOString(),
      sent_at: null,
      delivered_at: null,
      location_id: null,
      queue_appointment_id: "77",
      ...attributes,
    },
  });
  const first = [
    message(1, { direction: "inbound", kind: "reply", body: "HERE", status: "received" }),
    message(2, {
      kind: "called_in_person",
      body: "It is your turn: please come to Desk 3.",
      status: "failed",
      status_reason: "30003 Unreachable destination handset",
    }),
    message(3, {
      channel: "email",
      recipient: "wanda@example.com",
      subject: "You are in line at Montréal",
      body: `${"Thank you for joining the line. ".repeat(8)}Show this email at the desk.`,
      status: "sent",
      provider: "smtp",
    }),
    message(4, { kind: "almost_turn", status: "held", body: "Almost your turn." }),
    message(5, { kind: "almost_turn", status: "suppressed", status_reason: "Replied STOP" }),
    message(6, { kind: "called_video", status: "queued", body: "Join the video call." }),
    message(7, { kind: "called_phone", status: "sending", body: "We are calling you now." }),
  ];
  const older = [message(30, { kind: "completed", body: "Thank you for your visit." })];
  const queries: URLSearchParams[] = [];
  await page.route("**/api/internal/v1/messages?*", (route) => {
    const query = new URL(route.request().url()).searchParams;
    queries.push(query);
    const data = query.get("before") === "page-2" ? older : first;
    const filtered = query.get("direction")
      ? data.filter((m) => m.attributes.direction === query.get("direction"))
      : data;
    return route.fulfill({
      contentType: "application/vnd.api+json",
      body: JSON.stringify({
        data: filtered,
        meta: { next_cursor: query.has("before") || query.has("direction") ? null : "page-2" },
      }),
    });
  });

  await signInContext(context, MANAGER);
  await page.goto("/messages");
  const table = page.getByRole("table", { name: "7 messages shown" });
  await expect(table).toBeVisible();
  for (const status of ["received", "failed", "sent", "held", "suppressed", "queued", "sending"])
    await expect(table.getByText(t(`MessageLog.status_${status}`), { exact: true })).toBeVisible();
  await expect(table.getByText("30003 Unreachable destination handset")).toBeVisible();
  await atBothWidths(page, "messages-list");

  // A long text opens from the keyboard.
  const show = table.getByRole("button", { name: t("MessageLog.show_text") });
  await show.focus();
  await page.keyboard.press("Enter");
  await expect(table.getByRole("button", { name: t("MessageLog.hide_text") })).toHaveAttribute(
    "aria-expanded",
    "true",
  );

  // Load more: the cursor goes out, and focus lands on the first older message.
  await page.getByRole("button", { name: t("MessageLog.load_more") }).click();
  await expect(page.getByRole("table", { name: "8 messages shown" })).toBeVisible();
  expect(queries.at(-1)?.get("before")).toBe("page-2");
  await expect(page.getByRole("rowheader").nth(7)).toBeFocused();
  await expect(page.getByRole("button", { name: t("MessageLog.load_more") })).toHaveCount(0);

  // A filter goes to the address and to the API; none left matching shows the empty state.
  await page.getByLabel(t("MessageLog.filter_direction")).selectOption("inbound");
  await expect(page).toHaveURL(/direction=inbound/);
  await expect(page.getByRole("table", { name: "1 message shown" })).toBeVisible();
  expect(queries.at(-1)?.get("direction")).toBe("inbound");
  await page.route("**/api/internal/v1/messages?*", (route) =>
    route.fulfill({
      contentType: "application/vnd.api+json",
      body: JSON.stringify({ data: [], meta: { next_cursor: null } }),
    }),
  );
  await page.getByLabel(t("MessageLog.filter_channel")).selectOption("email");
  await expect(
    page.getByRole("heading", { level: 2, name: t("MessageLog.empty_filtered_title") }),
  ).toBeVisible();
  await atBothWidths(page, "messages-empty-filtered");
});
