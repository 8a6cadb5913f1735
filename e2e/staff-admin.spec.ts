// Staff administration in a real browser, on a server of its own (it changes data: a new account, an
// assignment), with the demo data and a real SMTP server on loopback: the demo admin invites a staff
// member, whose invitation email arrives with a link that opens "Set your password"; the new person
// sets it and can sign in; the admin assigns them a location with a desk name. axe on each page;
// screenshots at the phone (375) and desktop (1280) widths.
import type { Page } from "@playwright/test";
import { messages } from "./catalog.ts";
import { expect, test } from "./fixtures-notifications-server.ts";
import { expectNoAxeViolations, screenshot } from "./fixtures-office-lobby.ts";

const en = messages("en");
const m = (id: string) => {
  const text = en[id];
  if (text === undefined) throw new Error(`no message ${id}`);
  return text;
};

/** The demo vendor's admin (README, demo accounts). */
const ADMIN = { email: "admin@northwind.example", password: "keyring-summit-35" };
const INVITED = "marta.staff-admin-e2e@northwind.example";

test.use({ locale: "en-US" });
// One run, on the desktop project (each project would start a server of its own); the phone width is
// checked by resizing.
test.skip(({ viewport }) => (viewport?.width ?? 0) < 800, "one server, one run");

async function atBothWidths(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await screenshot(page, name);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page);
  await screenshot(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("the admin invites a staff member, who sets a password, and assigns them a desk", async ({
  browser,
  notifications,
}) => {
  test.slow();
  const { url, sink } = notifications;
  const admin = await browser.newContext({ baseURL: url, locale: "en-US" });
  const signedIn = await admin.request.post("/api/internal/v1/session", { data: ADMIN });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const page = await admin.newPage();

  await page.goto("/dashboard");
  await page
    .getByRole("navigation", { name: m("Office.nav_label") })
    .getByRole("link", { name: m("Office.nav_staff") })
    .click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(
    page.getByRole("heading", { level: 1, name: m("Office.staff.title") }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /Admin|Manager|Staff/ }).first()).toBeVisible();
  await atBothWidths(page, "staff-list");

  // Invite: email, names, role (an admin may give up to Admin, never platform admin), a location.
  await page.getByRole("button", { name: m("Office.staff.invite") }).click();
  const form = page.locator("#staff-invite");
  const role = form.getByRole("combobox", { name: new RegExp(`^${m("Office.staff.role")}`) });
  await expect(role.locator("option")).toHaveText([
    m("Office.role_contact_centre_staff"),
    m("Office.role_kiosk"),
    m("Office.role_staff"),
    m("Office.role_staff_plus"),
    m("Office.role_staff_advanced"),
    m("Office.role_manager"),
    m("Office.role_admin"),
  ]);
  await atBothWidths(page, "staff-invite");
  await form
    .getByRole("textbox", { name: new RegExp(`^${m("Office.staff.email")}`) })
    .fill(INVITED);
  await form
    .getByRole("textbox", { name: new RegExp(`^${m("Office.staff.first_name")}`) })
    .fill("Marta");
  await form
    .getByRole("textbox", { name: new RegExp(`^${m("Office.staff.last_name")}`) })
    .fill("Nowicka");
  await role.selectOption({ label: m("Office.role_staff") });
  const location = form.getByRole("combobox", {
    name: new RegExp(`^${m("Office.staff.first_location")}`),
  });
  const toronto = await location.locator("option", { hasText: "Toronto" }).first().textContent();
  await location.selectOption({ label: toronto ?? "" });
  await form.getByRole("button", { name: m("Office.staff.send_invitation") }).click();

  await expect(page).toHaveURL(/\/staff\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Marta Nowicka" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: INVITED })).toBeVisible();
  await expect(page.getByText(m("Office.staff.invited"), { exact: true }).first()).toBeVisible();
  const memberUrl = page.url();

  // The invitation arrives; its link opens "Set your password".
  const mailTo = () =>
    sink.messages.filter((mail) => !Array.isArray(mail.to) && mail.to?.text === INVITED);
  await expect.poll(() => mailTo().length, { timeout: 30_000 }).toBe(1);
  const link = (mailTo()[0]!.text ?? "").match(/https?:\/\/\S+reset-password\S+/)?.[0];
  expect(link).toContain("invite=1");
  const invitee = await browser.newContext({ baseURL: url, locale: "en-US" });
  const setPassword = await invitee.newPage();
  await setPassword.goto(link!);
  await expect(
    setPassword.getByRole("heading", { level: 1, name: m("Office.invitation_password_title") }),
  ).toBeVisible();
  await expectNoAxeViolations(setPassword);
  await setPassword
    .getByLabel(new RegExp(`^${m("Office.new_password")}`))
    .fill("lantern-orchard-58");
  await setPassword
    .getByLabel(new RegExp(`^${m("Office.confirm_password")}`))
    .fill("lantern-orchard-58");
  await setPassword.getByRole("button", { name: m("Office.set_password") }).click();
  await expect(setPassword.getByText(m("Office.password_changed"))).toBeVisible();
  const newSession = await invitee.request.post("/api/internal/v1/session", {
    data: { email: INVITED, password: "lantern-orchard-58" },
  });
  expect(newSession.status()).toBe(200);
  await invitee.close();

  // Assign: the location is ticked already; give it a desk name.
  await page.goto(memberUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Marta Nowicka" })).toBeVisible();
  await expect(page.getByText(m("Office.staff.status_active_one"), { exact: true })).toBeVisible();
  await atBothWidths(page, "staff-member");
  await page.getByRole("link", { name: m("Office.staff.edit_assignments") }).click();
  await expect(page).toHaveURL(/\/assignments\/edit$/);
  await expect(page.getByRole("checkbox", { name: toronto ?? "" })).toBeChecked();
  await page.getByLabel(`Desk or counter at ${toronto}`, { exact: false }).fill("Counter 7");
  await page.getByRole("button", { name: m("Office.staff.save") }).click();
  await expect(page.getByRole("status").filter({ hasText: m("Office.staff.saved") })).toBeVisible();
  await atBothWidths(page, "staff-assignments");

  await page.getByRole("link", { name: m("Office.staff.done") }).click();
  await expect(page.getByText(`${toronto} — Counter 7`, { exact: true })).toBeVisible();
  // The history tells the assignment in words, after the invitation.
  await expect(
    page.getByText(`Locations changed from ${toronto} to ${toronto} — Counter 7`),
  ).toBeVisible();
  await expect(page.getByText(m("Audit.action_invited"), { exact: true })).toBeVisible();
  await admin.close();
});
