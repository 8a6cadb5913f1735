// Notifications in a real browser against a real server that sends through a real SMTP server and a
// fake of Twilio's API on loopback: a visitor who joins with an email and a mobile number and agrees
// to texts gets both confirmations; called from the lobby, "your turn" with the desk; a reply CANCEL
// leaves the line and the lobby follows; STOP ends the texts; a forged reply changes nothing; the
// lobby's visitor details and the managers' message log show all of it.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { messages } from "./catalog.ts";
import { joinLine } from "./fixtures-confirm-visit.ts";
import { expect, SENDING_NUMBER, test } from "./fixtures-notifications-server.ts";
import { expectNoAxeViolations, screenshot } from "./fixtures-office-lobby.ts";

const en = messages("en");
const DESK = { email: "staff@northwind.example", password: "counter-willow-23" };
const MANAGER = { email: "manager@northwind.example", password: "roster-pebble-72" };

test.use({ locale: "en-US" });
test.describe.configure({ mode: "serial" });
// One run, on the desktop project: the visitor's context is a phone already, and each project would
// start a server of its own (skipped before the fixture starts anything).
test.skip(({ viewport }) => (viewport?.width ?? 0) < 800, "one server, one run");

async function staffContext(browser: Browser, base: string, account: typeof DESK) {
  const context = await browser.newContext({ baseURL: base, locale: "en-US" });
  const response = await context.request.post("/api/internal/v1/session", { data: account });
  expect(response.status(), await response.text()).toBe(200);
  const { csrf_token: csrf } = (await response.json()) as { csrf_token: string };
  return Object.assign(context, { csrf });
}

async function toronto(request: APIRequestContext, base: string) {
  const response = await request.get(`${base}/api/v2/open/locations`, {
    headers: { "accept-language": "en" },
  });
  const found = (
    (await response.json()).data as { id: string; attributes: { city: string } }[]
  ).find((location) => location.attributes.city === "Toronto");
  if (!found) throw new Error("no Toronto branch in the demo");
  return found.id;
}

const field = (page: Page, id: string) => page.getByLabel(en[id]!, { exact: false });

test("a visitor is told by email and SMS, replies CANCEL and STOP, and staff see it all", async ({
  browser,
  notifications,
}) => {
  test.setTimeout(240_000);
  const { url, sink, twilio } = notifications;
  const locationId = await toronto((await browser.newContext()).request, url);

  // The visitor joins from their phone's browser with an address, a number and consent to texts.
  const visitor = await browser.newContext({
    baseURL: url,
    locale: "en-US",
    viewport: { width: 375, height: 812 },
  });
  const page = await visitor.newPage();
  await page.goto(`/callback-service/${locationId}`);
  await expect(field(page, "Form.service")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("option", { name: en["Form.services_loading"] })).toHaveCount(0);
  await field(page, "Form.service").selectOption({ label: "Cash & cheque deposit" });
  await field(page, "Form.first_name").fill("Ada");
  await field(page, "Form.last_name").fill("Lovelace");
  await field(page, "Form.email").fill("ada@example.com");
  await field(page, "Form.phone").fill("(416) 555-0177");
  await page.getByRole("checkbox", { name: en["Form.sms_opt_in"] }).check();
  await page.getByRole("button", { name: en["Form.submit_join"] }).click();
  await expect(page).toHaveURL(/\/callback-service\/confirmation\?/);
  const confirmation = new URL(page.url());
  const id = confirmation.searchParams.get("id")!;
  const code = confirmation.searchParams.get("code")!;

  const phone = "+14165550177";
  const smsTo = () => twilio.sent.filter((sms) => sms.to === phone);
  const mailTo = () =>
    sink.messages.filter((mail) => !Array.isArray(mail.to) && mail.to?.text === "ada@example.com");
  await expect.poll(() => mailTo().length, { timeout: 30_000 }).toBe(1);
  await expect.poll(() => smsTo().length, { timeout: 30_000 }).toBe(1);
  expect(mailTo()[0]!.subject).toContain("You're in line");
  expect(mailTo()[0]!.html).toContain(`code=${code}`);
  expect(smsTo()[0]!.body).toContain(`${url}/callback-service/confirmation?id=${id}&code=${code}`);

  // The desk, with the lobby open, calls them: "your turn", with the desk, on both channels.
  const desk = await staffContext(browser, url, DESK);
  const lobby = await desk.newPage();
  await lobby.goto("/lobby");
  await expect(lobby.getByRole("heading", { level: 1, name: /Toronto/ })).toBeVisible();
  const { csrf } = desk;
  // The demo desk may have called or be serving someone already: started (S) and completed (C)
  // first, as a teller would.
  const serving = lobby.getByRole("region", { name: en["Office.serving_heading"] });
  const myCall = lobby
    .getByRole("region", { name: /^Called/ })
    .getByRole("listitem")
    .filter({ hasText: en["Office.your_visitor"] });
  await expect(lobby.getByText(en["Office.loading_line"]!)).toBeHidden();
  await lobby.getByRole("heading", { level: 1, name: /Toronto/ }).click();
  if ((await myCall.count()) > 0) {
    await lobby.keyboard.press("s");
    await expect(serving).toBeVisible();
  }
  if (await serving.isVisible()) {
    await lobby.keyboard.press("c");
    await expect(serving).toBeHidden();
  }
  // Called to the desk: "it's your turn" goes out with the call, before anyone presses Start.
  const call = await desk.request.patch(`/api/internal/v1/queue-appointments/${id}`, {
    headers: { "x-csrf-token": csrf },
    data: { data: { id, type: "queue-appointments", attributes: { call: "call" } } },
  });
  expect(call.status(), await call.text()).toBe(200);
  await expect.poll(() => smsTo().length, { timeout: 30_000 }).toBe(2);
  expect(smsTo()[1]!.body).toContain("Desk 1");
  await expect.poll(() => mailTo().length, { timeout: 30_000 }).toBe(2);
  expect(mailTo()[1]!.subject).toContain("your turn");

  // A second visitor, waiting, replies CANCEL: their place goes, the lobby follows, they are told.
  const graceVisit = await joinLine(visitor.request, {
    cellPhone: "+14165550178",
    receiveSms: true,
    name: { first: "Grace", last: "Hopper" },
  });
  const graceId = graceVisit.id;
  const graceRow = lobby.getByRole("listitem").filter({ hasText: "Grace Hopper" });
  await expect(graceRow).toBeVisible();
  await expect
    .poll(() => twilio.sent.filter((sms) => sms.to === "+14165550178").length, { timeout: 30_000 })
    .toBeGreaterThan(0);
  expect((await notifications.text("+14165550178", "Cancel")).status).toBe(200);
  await expect(graceRow).toHaveCount(0);
  const grace = await desk.request.get(`/api/internal/v1/queue-appointments/${graceId}/messages`);
  expect(grace.ok()).toBe(true);
  await expect
    .poll(
      () =>
        twilio.sent.filter((sms) => sms.to === "+14165550178" && /cancelled/.test(sms.body)).length,
      { timeout: 30_000 },
    )
    .toBe(1);

  // A forged reply (no valid signature) from Ada changes nothing and is not recorded.
  const forged = await fetch(`${url}/api/webhooks/twilio/inbound`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": "bm90IGEgc2lnbmF0dXJl",
    },
    body: new URLSearchParams({
      From: phone,
      To: SENDING_NUMBER,
      Body: "CANCEL",
      MessageSid: "SMforged0000000000000000000000000",
    }).toString(),
  });
  expect(forged.status).toBe(403);

  // Ada replies STOP: one confirmation, then no text however her visit ends.
  expect((await notifications.text(phone, "STOP")).status).toBe(200);
  await expect.poll(() => smsTo().length, { timeout: 30_000 }).toBe(3);
  expect(smsTo()[2]!.body).toMatch(/no more texts/);
  for (const status of ["in_progress", "completed"]) {
    const done = await desk.request.patch(`/api/internal/v1/queue-appointments/${id}`, {
      headers: { "x-csrf-token": csrf },
      data: { data: { id, type: "queue-appointments", attributes: { status } } },
    });
    expect(done.status(), await done.text()).toBe(200);
  }
  await expect.poll(() => mailTo().length, { timeout: 30_000 }).toBe(3);
  expect(smsTo()).toHaveLength(3);
  // Still in the line after the forged CANCEL, until the desk completed her.
  const visit = await visitor.request.get(
    `${url}/api/v2/open/queue-appointments/${id}?code=${code}`,
  );
  expect(
    ((await visit.json()) as { data: { attributes: { status: string } } }).data.attributes.status,
  ).toBe("completed");

  // The manager's message log shows every message and reply, newest first.
  const manager = await staffContext(browser, url, MANAGER);
  const log = await manager.newPage();
  await log.goto("/messages");
  await expect(
    log.getByRole("heading", { level: 1, name: en["Office.nav_messages"] }),
  ).toBeVisible();
  await expect(log.getByText("STOP", { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(log);
  await screenshot(log, "notifications-message-log");
  await Promise.all([visitor.close(), desk.close(), manager.close()]);
});
