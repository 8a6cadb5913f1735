// The visitor pages' snippets in a real browser against a server of its own: the demo admin adds
// an announcement in English and French on /cx-snippets-management, a visitor's callback form shows
// it at once as a banner in English, and switching the page to French shows the French text. axe
// on the admin's page and the visitor's, at the desktop and the phone (390) widths.
import { type APIRequestContext, test as base, type Page } from "@playwright/test";
import { messages } from "./catalog.ts";
import { expectNoAxeViolations, screenshot, signInContext } from "./fixtures-office-lobby.ts";
import { startProductServer } from "./server-process.ts";

const test = base.extend<object, { snippetsServer: { url: string } }>({
  snippetsServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from this pattern
    async ({}, use) => {
      const server = await startProductServer({ name: "snippets", env: { GEOCODER_URL: "" } });
      try {
        await use({ url: server.url });
      } finally {
        await server.stop();
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
});
const { expect } = test;

const en = messages("en");
const m = (id: string) => {
  const text = en[id];
  if (text === undefined) throw new Error(`no message ${id}`);
  return text;
};

/** The demo vendor's admin (README, demo accounts). */
const ADMIN = { email: "admin@northwind.example", password: "keyring-summit-35" };

test.use({ locale: "en-US" });
// One run, on the desktop project, which checks the phone width itself.
test.skip(({ viewport }) => (viewport?.width ?? 0) < 800, "one server, one run");

async function checkBothWidths(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expectNoAxeViolations(page);
    await screenshot(page, `cx-snippets-${name}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function warsaw(request: APIRequestContext, base: string): Promise<string> {
  const response = await request.get(`${base}/api/v2/open/locations`, {
    headers: { "accept-language": "en" },
  });
  const found = (
    (await response.json()).data as { id: string; attributes: { city: string } }[]
  ).find((l) => l.attributes.city === "Warszawa");
  if (!found) throw new Error("no demo location in Warszawa");
  return found.id;
}

test("an announcement added in English and French shows on the visitor's form in their language", async ({
  browser,
  request,
  snippetsServer,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: snippetsServer.url, locale: "en-US" });
  await signInContext(context, ADMIN);
  const admin = await context.newPage();
  await admin.goto("/cx-snippets-management");
  await expect(
    admin.getByRole("heading", { level: 1, name: m("Office.nav_cx_snippets") }),
  ).toBeVisible();
  await admin.getByRole("button", { name: m("Office.cxSnippets.add") }).click();
  const dialog = admin.getByRole("dialog", { name: m("Office.cxSnippets.new_title") });
  await dialog.getByLabel(/^Name/).fill("Holiday closure");
  await dialog.getByLabel("Content in English").fill("<p>Closed on <strong>Monday</strong></p>");
  await dialog.getByRole("tab", { name: /Français/ }).click();
  await dialog.getByLabel("Content in Français").fill("<p>Fermé <strong>lundi</strong></p>");
  await expect(dialog.getByText("Fermé lundi")).toBeVisible();
  await expectNoAxeViolations(admin);
  await dialog.getByRole("button", { name: m("Office.cxSnippets.save") }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole("rowheader", { name: "Holiday closure" })).toBeVisible();
  await checkBothWidths(admin, "list");

  // A context of its own (axe needs one made by newContext), without the admin's session.
  const visitorContext = await browser.newContext({ baseURL: snippetsServer.url, locale: "en-US" });
  const visitor = await visitorContext.newPage();
  const id = await warsaw(request, snippetsServer.url);
  await visitor.goto(`/callback-service/${id}`);
  const banner = visitor.getByRole("region", { name: en["CxSnippets.announcements"] });
  await expect(banner.getByRole("status")).toContainText("Closed on Monday");
  await checkBothWidths(visitor, "visitor-en");
  await visitor.getByLabel(m("Common.language")).selectOption("fr");
  const fr = messages("fr");
  await expect(visitor.getByRole("region", { name: fr["CxSnippets.announcements"] })).toContainText(
    "Fermé lundi",
  );
  await visitor.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(visitor);
  await screenshot(visitor, "cx-snippets-visitor-fr");
  await visitorContext.close();
  await context.close();
  await visitor.close();
});
