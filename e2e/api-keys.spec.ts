// API keys in a real browser, on the shared server (a key changes nothing a visitor sees): the demo
// admin creates a key that may manage locations, reads it once from the dialog, an integration calls
// the internal API with it, then the admin revokes it and the very next call answers 401. axe on the
// page, the creation form and the key's dialog; the list checked at the phone width too.
import { expect, test } from "@playwright/test";
import { messages } from "./catalog.ts";
import {
  checkAtPhoneWidth,
  expectNoAxeViolations,
  signInContext,
} from "./fixtures-office-lobby.ts";

test.use({ locale: "en-US" });

const en = messages("en");
const m = (id: string, values: Record<string, string> = {}) => {
  const text = en[id];
  if (text === undefined) throw new Error(`no message ${id}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
};

/** The demo vendor's admin (README, demo accounts). */
const ADMIN = { email: "admin@northwind.example", password: "keyring-summit-35" };

test("an admin creates a key, an integration uses it, and a revoked key is refused at once", async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.slow();
  const context = await browser.newContext();
  await signInContext(context, ADMIN);
  const page = await context.newPage();
  const name = `Branch display ${test.info().workerIndex}-${Date.now()}`;

  await page.goto("/settings/api");
  await expect(
    page.getByRole("heading", { level: 1, name: m("Office.api_keys.title") }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: m("Office.api_keys.create") }).click();
  const form = page.getByRole("dialog", { name: m("Office.api_keys.create") });
  // Nothing chosen: the form says what is missing and creates nothing.
  await form.getByRole("button", { name: m("Office.api_keys.submit") }).click();
  await expect(form.getByText(m("ApiKeys.scopes_required"))).toBeVisible();
  await form.getByLabel(m("Office.api_keys.field_name")).fill(name);
  await form.getByRole("checkbox", { name: m("Office.api_keys.scope.locations.manage") }).check();
  await expectNoAxeViolations(page);
  await form.getByRole("button", { name: m("Office.api_keys.submit") }).click();

  const shown = page.getByRole("alertdialog", { name: m("Office.api_keys.token_title") });
  const token = await shown.getByLabel(m("Office.api_keys.token_label")).inputValue();
  expect(token).toMatch(/^nlk_[A-Za-z0-9_-]{55}$/);
  await expectNoAxeViolations(page);
  await shown.getByRole("button", { name: m("Office.api_keys.done") }).click();
  await expect(shown).toHaveCount(0);

  // The integration: no cookie, only the key.
  const integration = await playwright.request.newContext({ baseURL });
  const call = () =>
    integration.get("/api/internal/v1/locations", {
      headers: { authorization: `Bearer ${token}`, "accept-language": "en" },
    });
  const allowed = await call();
  expect(allowed.status(), await allowed.text()).toBe(200);
  // Outside its scopes: refused as a person without the permission would be.
  const outside = await integration.get("/api/internal/v1/api-keys", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(outside.status()).toBe(403);

  // The list shows the key, used now.
  const row = page.getByRole("row").filter({ hasText: name });
  await page.reload();
  await expect(row).toContainText(m("Office.api_keys.state_active"));
  await expect(row).not.toContainText(m("Office.api_keys.never_used"));
  await checkAtPhoneWidth(page, "api-keys");

  await row.getByRole("button", { name: m("Office.api_keys.revoke_named", { name }) }).click();
  const confirm = page.getByRole("alertdialog", {
    name: m("Office.api_keys.revoke_title", { name }),
  });
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: m("Office.api_keys.revoke_confirm") }).click();
  await expect(page.getByText(m("Office.api_keys.revoked_toast", { name }))).toBeVisible();
  await expect(row).toContainText(m("Office.api_keys.state_revoked"));

  const refused = await call();
  expect(refused.status()).toBe(401);
  expect((await refused.json()).errors[0].code).toBe("api_key_invalid");

  await integration.dispose();
  await context.close();
});
