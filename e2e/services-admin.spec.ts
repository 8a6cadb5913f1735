// The services administration in a real browser against a server of its own (demo data): the demo
// admin opens Services from the navigation, adds a service offered at Toronto, adds a required
// question asked for it with two options (previewed as the visitor's form shows it), and a visitor
// at Toronto then finds the service in the form and is asked the question. axe on every page;
// screenshots at the phone (375) and desktop (1280) widths.
import type { Page } from "@playwright/test";
import { messages } from "./catalog.ts";
import { expectNoAxeViolations, screenshot, signInContext } from "./fixtures-office-lobby.ts";
import { expect, test } from "./fixtures-services-server.ts";

const en = messages("en");
const m = (id: string) => {
  const text = en[id];
  if (text === undefined) throw new Error(`no message ${id}`);
  return text;
};

/** The demo vendor's admin (README, demo accounts). */
const ADMIN = { email: "admin@northwind.example", password: "keyring-summit-35" };

test.use({ locale: "en-US" });

async function screenshotsAtBothWidths(page: Page, name: string) {
  const size = page.viewportSize();
  await screenshot(page, name);
  await page.setViewportSize({ width: size?.width === 375 ? 1280 : 375, height: 812 });
  await screenshot(page, name);
  if (size) await page.setViewportSize(size);
}

test("an admin adds a service with a question, and a visitor at the location is offered both", async ({
  page,
  context,
}, testInfo) => {
  test.slow();
  const serviceName = `Notary signing ${testInfo.project.name}`;
  const questionLabel = `Which document? (${testInfo.project.name})`;
  await signInContext(context, ADMIN);
  const locations = await page.request.get("/api/v2/open/locations");
  const toronto = (
    (await locations.json()).data as { id: string; attributes: { name: string; city: string } }[]
  ).find((location) => location.attributes.city === "Toronto");
  if (!toronto) throw new Error("no demo location in Toronto");

  // The list, reached from the navigation.
  await page.goto("/dashboard");
  await page
    .getByRole("navigation", { name: m("Office.nav_label") })
    .getByRole("link", { name: m("Office.nav_services") })
    .click();
  await expect(
    page.getByRole("heading", { level: 1, name: m("Office.services.title") }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /^Move .* down$/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotsAtBothWidths(page, "services-list");

  // A new service, offered in person and by phone at Toronto.
  await page.getByRole("link", { name: m("Office.services.add") }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: m("Office.services.new_title") }),
  ).toBeVisible();
  await page
    .getByRole("textbox", { name: new RegExp(`^${m("Office.services.field_name")}`) })
    .first()
    .fill(serviceName);
  await page.getByLabel(m("Office.services.method_video")).uncheck();
  await page
    .getByRole("searchbox", { name: m("Office.services.search_locations") })
    .fill("Toronto");
  await page.getByLabel(toronto.attributes.name).check();
  // Its visitors' tickets: letters only; the server's refusal is shown at the field.
  const prefix = page.getByRole("textbox", {
    name: new RegExp(`^${m("Office.services.field_ticket_prefix")}`),
  });
  await expect(prefix).toHaveValue("A");
  await prefix.fill("n1");
  await expect(prefix).toHaveValue("N1");
  await page.getByRole("button", { name: m("Office.services.create") }).click();
  await expect(page.getByText(m("Office.services.ticket_prefix_invalid"))).toBeVisible();
  await expect(prefix).toHaveAccessibleDescription(
    new RegExp(m("Office.services.ticket_prefix_invalid").replace(/[()]/g, "\\$&")),
  );
  await prefix.fill("nt");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: m("Office.services.create") }).click();
  await expect(page.getByRole("status").filter({ hasText: serviceName })).toBeVisible();
  await expect(page).toHaveURL(/\/services\/\d+$/);
  const serviceId = new URL(page.url()).pathname.split("/").pop() as string;
  await expect(page.getByRole("heading", { level: 1, name: serviceName })).toBeVisible();
  await expect(prefix).toHaveValue("NT");
  await expectNoAxeViolations(page);
  await screenshotsAtBothWidths(page, "service-form");

  // A required question for it, with two options, seen in the preview as visitors will see it.
  await page.goto("/services/questions/new");
  await expect(
    page.getByRole("heading", { level: 1, name: m("Office.questions.new_title") }),
  ).toBeVisible();
  await page.getByLabel(m("Office.questions.field_type")).selectOption("radio");
  await page
    .getByRole("textbox", { name: /^Question/ })
    .first()
    .fill(questionLabel);
  await page.getByLabel(m("Office.questions.field_required")).check();
  await page.getByRole("button", { name: m("Office.questions.add_option") }).click();
  await page.keyboard.type("Passport");
  await page.getByRole("button", { name: m("Office.questions.add_option") }).click();
  await page.keyboard.type("Deed");
  await page.getByLabel(serviceName).check();
  const preview = page.getByRole("region", { name: m("Office.questions.preview") });
  await expect(preview.getByRole("radio", { name: "Passport" })).toBeVisible();
  await expect(preview.getByRole("radio", { name: "Deed" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: m("Office.questions.create") }).click();
  await expect(page).toHaveURL(/\/services\/questions\/\d+$/);
  await expect(page.getByRole("status").filter({ hasText: questionLabel })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotsAtBothWidths(page, "question-editor");

  // A visitor at Toronto: the service is offered, and choosing it asks the question.
  await page.goto(`/callback-service/${toronto.id}`);
  const serviceField = page.getByLabel(m("Form.service"), { exact: false });
  await expect(serviceField).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("option", { name: m("Form.services_loading") })).toHaveCount(0);
  await serviceField.selectOption({ value: serviceId });
  await expect(page.getByRole("radio", { name: "Passport" })).toBeVisible();
  await expect(page.getByText(questionLabel)).toBeVisible();
  await expectNoAxeViolations(page);

  // By video, which the service does not offer, it is not in the list.
  await page.goto(`/callback-service/${toronto.id}?meeting_method=3`);
  await expect(serviceField).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("option", { name: m("Form.services_loading") })).toHaveCount(0);
  await expect(serviceField.locator(`option[value="${serviceId}"]`)).toHaveCount(0);
});
