// The notification settings in a real browser against the real server: the demo admin edits the
// SMS sent on joining, sees the preview and the SMS count follow, saves, finds it after a reload,
// is stopped by a misspelt variable, and resets to the default. axe on every state; screenshots at
// the phone (375) and desktop (1280) widths.
import { expect, type Page, test } from "@playwright/test";
import { messages } from "./catalog.ts";
import {
  expectNoAxeViolations,
  MANAGER,
  screenshot,
  signInContext,
} from "./fixtures-office-lobby.ts";

const en = messages("en");
const m = (id: string) => {
  const text = en[id];
  if (text === undefined) throw new Error(`no message ${id}`);
  return text;
};

/** The demo vendor's admin (README, demo accounts). */
const ADMIN = { email: "admin@northwind.example", password: "keyring-summit-35" };

test.use({ locale: "en-US" });

const smsEditor = (page: Page) =>
  page.getByRole("region", { name: m("Office.notifications.channel.sms"), exact: true });

async function screenshotsAtBothWidths(page: Page, name: string) {
  const size = page.viewportSize();
  await screenshot(page, name);
  await page.setViewportSize({ width: size?.width === 375 ? 1280 : 375, height: 812 });
  await screenshot(page, name);
  if (size) await page.setViewportSize(size);
}

test("the admin edits the SMS sent on joining, saves it, is stopped by a bad variable, and resets it", async ({
  page,
  context,
}) => {
  // Three states, each checked with axe and shot at two widths.
  test.slow();
  await signInContext(context, ADMIN);
  // Start from the product's wording, whatever an earlier run left.
  const me = await context.request.get("/api/internal/v1/me");
  const { csrf_token } = (await me.json()) as { csrf_token: string };
  await context.request.delete("/api/internal/v1/notification-templates/joined/sms/en", {
    headers: { "x-csrf-token": csrf_token },
  });

  await page.goto("/dashboard");
  await page
    .getByRole("navigation", { name: m("Office.nav_label") })
    .getByRole("link", { name: m("Office.nav_settings") })
    .click();
  await expect(page).toHaveURL(/\/settings$/);
  await page
    .getByRole("main")
    .getByRole("link", { name: m("Office.nav_notifications") })
    .click();
  await expect(page).toHaveURL(/\/settings\/notifications\/client/);
  await expect(
    page.getByRole("heading", { level: 1, name: m("Office.notifications.title") }),
  ).toBeVisible();
  await page
    .getByRole("navigation", { name: m("Office.notifications.kinds_heading") })
    .getByRole("link", { name: new RegExp(m("Office.notifications.kind.joined.name")) })
    .click();
  await page.getByLabel(m("Office.notifications.language")).selectOption("en");

  const sms = smsEditor(page);
  await expect(sms.getByText(m("Office.notifications.badge_default"))).toBeVisible();
  const body = sms.getByLabel(m("Office.notifications.body"), { exact: true });
  const meter = sms.getByTestId("sms-meter");
  const meterBefore = await meter.textContent();
  await expectNoAxeViolations(page);
  await screenshotsAtBothWidths(page, "notifications-default");

  // A longer text: the preview fills in the sample values and the count follows as one types.
  const text =
    "{first_name}, you are number {position} at {location}. About {wait}. Manage your place: {manage_link}, reply CANCEL to leave the line, HERE when you arrive.";
  await body.fill(text);
  await expect(
    sms.getByText(/^Maria, you are number 4 at Main Street branch\. About 15 minutes\./),
  ).toBeVisible();
  await expect(meter).toHaveText("2 SMS · GSM-7 · 130 characters left");
  expect(await meter.textContent()).not.toBe(meterBefore);

  await sms.getByRole("button", { name: m("Office.notifications.save"), exact: true }).click();
  await expect(sms.getByRole("status")).toHaveText(m("Office.notifications.saved"));
  await expect(
    sms.getByText(m("Office.notifications.badge_custom"), { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(
    smsEditor(page).getByLabel(m("Office.notifications.body"), { exact: true }),
  ).toHaveValue(text);
  await expect(
    smsEditor(page).getByText(m("Office.notifications.badge_custom"), { exact: true }),
  ).toBeVisible();
  await screenshotsAtBothWidths(page, "notifications-custom");

  // A misspelt variable: said under the field as one types, and Save sends nothing.
  const again = smsEditor(page).getByLabel(m("Office.notifications.body"), { exact: true });
  await again.fill("Hello {frist_name}, you are next.");
  const problem = "The text uses {frist_name}, which this message cannot fill in.";
  await expect(smsEditor(page).getByText(problem)).toBeVisible();
  await expect(again).toHaveAttribute("aria-invalid", "true");
  await expect(again).toHaveAccessibleDescription(problem);
  await smsEditor(page)
    .getByRole("button", { name: m("Office.notifications.save"), exact: true })
    .click();
  await expect(again).toBeFocused();
  await expectNoAxeViolations(page);
  await screenshotsAtBothWidths(page, "notifications-error");

  // Reset asks first, with "keep" focused; confirming brings the product's wording back.
  await smsEditor(page)
    .getByRole("button", { name: m("Office.notifications.reset") })
    .click();
  await expect(
    smsEditor(page).getByRole("button", { name: m("Office.notifications.reset_keep") }),
  ).toBeFocused();
  await expectNoAxeViolations(page);
  await smsEditor(page)
    .getByRole("button", { name: m("Office.notifications.reset_yes") })
    .click();
  await expect(smsEditor(page).getByRole("status")).toHaveText(
    m("Office.notifications.reset_done"),
  );
  await expect(
    smsEditor(page).getByText(m("Office.notifications.badge_default"), { exact: true }),
  ).toBeVisible();
  await expect(meter).toHaveText(meterBefore ?? "");
  await page.reload();
  await expect(
    smsEditor(page).getByText(m("Office.notifications.badge_default"), { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Another language: its own default wording, previewed with that language's sample values.
  await page.getByLabel(m("Office.notifications.language")).selectOption("fr");
  await expect(
    smsEditor(page).getByText(/vous avez la place 4 dans la file à Agence Grand-Rue/),
  ).toBeVisible();
});

test("a manager has no link to the notification settings, and is turned away at their address", async ({
  page,
  context,
}) => {
  await signInContext(context, MANAGER);
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation", { name: m("Office.nav_label") });
  await expect(nav.getByRole("link", { name: m("Office.nav_dashboard") })).toBeVisible();
  await expect(nav.getByRole("link", { name: m("Office.nav_settings") })).toHaveCount(0);
  await page.goto("/settings/notifications/client");
  await expect(page).toHaveURL(/\/forbidden$/);
});

test("the admin gives a location its own quiet hours, is told when they are empty, and lets it inherit again", async ({
  page,
  context,
}) => {
  test.slow();
  await signInContext(context, ADMIN);
  await page.goto("/settings/notifications/client");
  const tabs = page.getByRole("navigation", { name: m("Office.notifications.audience_nav") });
  // Staff messages: emails only, the staff page's own list.
  await tabs.getByRole("link", { name: m("Office.notifications.audience.staff") }).click();
  await expect(
    page.getByRole("heading", {
      level: 2,
      name: m("Office.notifications.kind.password_reset.name"),
    }),
  ).toBeVisible();
  await expect(
    page.getByRole("region", { name: m("Office.notifications.channel.email"), exact: true }),
  ).toBeVisible();
  await expect(smsEditor(page)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await tabs.getByRole("link", { name: m("Office.notifications.audience.location") }).click();
  await expect(page).toHaveURL(/\/settings\/notifications\/location/);
  await expect(
    page
      .getByRole("navigation", { name: m("Office.nav_label") })
      .getByRole("link", { name: m("Office.nav_settings") }),
  ).toHaveAttribute("aria-current", "page");
  const picker = page.getByLabel(m("Office.notifications.location"), { exact: true });
  await picker.selectOption({ index: 1 });
  await expect(page).toHaveURL(/location=\d+/);
  await expect(
    smsEditor(page).getByText(m("Office.notifications.badge_inherits"), { exact: true }),
  ).toBeVisible();

  const form = page.getByRole("region", {
    name: m("Office.notifications.location_settings_heading"),
  });
  const own = form.getByRole("checkbox", { name: m("Office.notifications.own_settings") });
  // Whatever an earlier run left: start from inheriting.
  if (await own.isChecked()) {
    await own.uncheck();
    await form.getByRole("button", { name: m("Office.notifications.save_settings") }).click();
    await expect(form.getByRole("status")).toHaveText(m("Office.notifications.settings_saved"));
  }
  await expect(form.getByText(m("Office.notifications.inherits_settings"))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotsAtBothWidths(page, "notifications-location");

  await own.check();
  await form.getByRole("checkbox", { name: m("Office.notifications.quiet_hours") }).check();
  const start = form.getByLabel(m("Office.notifications.quiet_start"));
  const end = form.getByLabel(m("Office.notifications.quiet_end"));
  await start.fill("22:00");
  await end.fill("22:00");
  await form.getByRole("button", { name: m("Office.notifications.save_settings") }).click();
  await expect(start).toBeFocused();
  await expect(form.getByText(m("Office.notifications.error.quiet_hours_empty"))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotsAtBothWidths(page, "notifications-location-error");

  await end.fill("07:00");
  await form.getByRole("button", { name: m("Office.notifications.save_settings") }).click();
  await expect(form.getByRole("status")).toHaveText(m("Office.notifications.settings_saved"));
  await page.reload();
  await expect(
    page
      .getByRole("region", { name: m("Office.notifications.location_settings_heading") })
      .getByLabel(m("Office.notifications.quiet_start")),
  ).toHaveValue("22:00");

  const again = page.getByRole("region", {
    name: m("Office.notifications.location_settings_heading"),
  });
  await again.getByRole("checkbox", { name: m("Office.notifications.own_settings") }).uncheck();
  await again.getByRole("button", { name: m("Office.notifications.save_settings") }).click();
  await expect(again.getByRole("status")).toHaveText(m("Office.notifications.settings_saved"));
  await expect(again.getByText(m("Office.notifications.inherits_settings"))).toBeVisible();
});
