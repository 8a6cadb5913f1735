// The client-view settings in a real browser against a server of its own (the change would reach
// the visitor specs on the shared server): the demo admin hides the email field and the expected
// wait, saves, and the visitor's form for a branch no longer asks for an email. axe on the page and
// on the form; the settings page checked at the phone width too. Then the admin rewords the join
// button in their own words and turns phone callbacks off, and the form shows both.
import { test as base, expect } from "@playwright/test";
import { messages } from "./catalog.ts";
import {
  checkAtPhoneWidth,
  expectNoAxeViolations,
  signInContext,
} from "./fixtures-office-lobby.ts";
import { startProductServer } from "./server-process.ts";

const test = base.extend<object, { clientViewServer: { url: string } }>({
  clientViewServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from this pattern
    async ({}, use) => {
      const server = await startProductServer({ name: "client-view" });
      try {
        await use({ url: server.url });
      } finally {
        await server.stop();
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
});

// One server for the file: its tests run in order in one worker rather than each starting one.
test.describe.configure({ mode: "default" });

const en = messages("en");
const m = (id: string) => {
  const text = en[id];
  if (text === undefined) throw new Error(`no message ${id}`);
  return text;
};

/** The demo vendor's admin (README, demo accounts). */
const ADMIN = { email: "admin@northwind.example", password: "keyring-summit-35" };

test("an admin hides the email field and the wait, and the visitor's form follows", async ({
  browser,
  clientViewServer,
}) => {
  test.slow();
  const context = await browser.newContext({ baseURL: clientViewServer.url, locale: "en-US" });
  await signInContext(context, ADMIN);
  const page = await context.newPage();

  const locations = await context.request.get("/api/v2/open/locations", {
    headers: { "accept-language": "en" },
  });
  const toronto = (
    (await locations.json()).data as { id: string; attributes: { city: string } }[]
  ).find((location) => location.attributes.city === "Toronto");
  if (!toronto) throw new Error("no demo location in Toronto");

  // Before: the visitor's form asks for an email.
  await page.goto(`/callback-service/${toronto.id}`);
  await expect(page.getByLabel(m("Form.email"), { exact: false }).first()).toBeVisible();

  await page.goto("/settings/client-view");
  await expect(
    page.getByRole("heading", { level: 1, name: m("Office.client_view.title") }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const contact = page.getByRole("group", { name: m("Office.client_view.group_contact") });
  await contact
    .getByLabel(m("Office.client_view.contact_email"))
    .selectOption(m("Office.client_view.requirement_hidden"));
  await page.getByRole("checkbox", { name: m("Office.client_view.show_wait_time") }).uncheck();
  // A refused value first: the reason shows at its field, which has the focus.
  const terms = page.getByLabel(m("Office.client_view.terms_of_service_url"));
  await terms.fill("our terms");
  await page.getByRole("button", { name: m("Office.client_view.save") }).click();
  await expect(terms).toBeFocused();
  await expect(page.getByText(m("Settings.error_url"))).toBeVisible();
  await expectNoAxeViolations(page);
  await terms.fill("");
  await page.getByRole("button", { name: m("Office.client_view.save") }).click();
  await expect(page.getByRole("status").getByText(m("Office.client_view.saved"))).toBeVisible();
  await checkAtPhoneWidth(page, "client-view-settings");

  // After: the same form, loaded afresh, no longer asks for an email.
  const visitor = await browser.newContext({ baseURL: clientViewServer.url, locale: "en-US" });
  const form = await visitor.newPage();
  await form.goto(`/callback-service/${toronto.id}`);
  await expect(form.getByLabel(m("Form.first_name"), { exact: false }).first()).toBeVisible();
  await expect(form.getByLabel(m("Form.email"), { exact: false })).toHaveCount(0);
  await expectNoAxeViolations(form);
  const vendor = await visitor.request.get("/api/v2/open/vendor");
  expect((await vendor.json()).data.attributes.show_wait_time).toBe(false);
  await visitor.close();
  await context.close();
});

test("an admin rewords the join button and turns phone callbacks off, and the visitor's form follows", async ({
  browser,
  clientViewServer,
}) => {
  test.slow();
  const context = await browser.newContext({ baseURL: clientViewServer.url, locale: "en-US" });
  await signInContext(context, ADMIN);
  const page = await context.newPage();
  const locations = await context.request.get("/api/v2/open/locations");
  const toronto = (
    (await locations.json()).data as { id: string; attributes: { city: string } }[]
  ).find((location) => location.attributes.city === "Toronto");
  if (!toronto) throw new Error("no demo location in Toronto");

  const visitor = await browser.newContext({ baseURL: clientViewServer.url, locale: "en-US" });
  const form = await visitor.newPage();
  await form.goto(`/callback-service/${toronto.id}`);
  const phone = form.getByRole("radio", { name: m("Form.method_phone") });
  await expect(phone).toBeVisible();
  await expect(form.getByRole("button", { name: m("Form.submit_join") })).toBeVisible();

  // Your own words: found by the product's wording, reworded, previewed, saved.
  await page.goto("/synonyms-management");
  await expect(
    page.getByRole("heading", { level: 1, name: m("Office.synonyms.title") }),
  ).toBeVisible();
  await page.getByLabel(m("Office.synonyms.search")).fill(m("Form.submit_join"));
  const entry = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Form.submit_join", exact: true }) });
  await entry.getByLabel(m("Office.synonyms.yours")).fill("Save my place");
  await expect(entry.getByText("Preview: Save my place")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: m("Office.synonyms.save") }).click();
  await expect(page.getByText(m("Office.synonyms.saved"))).toBeVisible();

  // Features: phone callbacks off.
  await page.goto("/manage-features");
  await expect(
    page.getByRole("heading", { level: 1, name: m("Office.features.title") }),
  ).toBeVisible();
  await page
    .getByRole("checkbox", { name: m("Office.features.flag.phone_callbacks.label") })
    .uncheck();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: m("Office.features.save") }).click();
  await expect(page.getByText(m("Office.features.saved"))).toBeVisible();
  await checkAtPhoneWidth(page, "feature-flags");

  // The visitor's form, loaded afresh: their words on the button, no phone callback offered.
  await form.reload();
  await expect(form.getByRole("button", { name: "Save my place" })).toBeVisible();
  await expect(form.getByRole("button", { name: m("Form.submit_join") })).toHaveCount(0);
  await expect(form.getByRole("radio", { name: m("Form.method_in_person") })).toBeVisible();
  await expect(phone).toHaveCount(0);
  await expectNoAxeViolations(form);
  await visitor.close();
  await context.close();
});
