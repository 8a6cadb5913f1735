// Branding in a real browser against the real server: the demo admin changes the primary colour
// (its AA verdicts and the preview follow), saves, uploads a logo, and a visitor's form then shows
// the button in that colour and the logo in the header. axe on the page at desktop and phone widths.
// The demo vendor is shared with the other specs: the theme is put back at the end, whatever happens.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { pngImage } from "../test/factories/images.ts";
import { messages } from "./catalog.ts";
import {
  demoLocationId,
  expectNoAxeViolations,
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
const BRANDING = "/api/internal/v1/settings/branding";

test.use({ locale: "en-US" });

/** The theme back to the product's defaults, without a logo. */
async function resetTheme(request: APIRequestContext, csrf: string) {
  const headers = { "x-csrf-token": csrf };
  await request.delete(`${BRANDING}/logo`, { headers });
  const response = await request.put(BRANDING, {
    headers: { ...headers, "content-type": "application/vnd.api+json" },
    data: {
      data: {
        type: "vendor-settings",
        attributes: {
          primary_colour: "#2979FF",
          secondary_colour: "#263238",
          font_family: "Roboto",
          font_weight_normal: 400,
          font_weight_bold: 500,
        },
      },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test("the admin changes the primary colour and the logo, and the visitor form shows both", async ({
  page,
  context,
}) => {
  test.slow();
  await signInContext(context, ADMIN);
  const me = await context.request.get("/api/internal/v1/me");
  const { csrf_token } = (await me.json()) as { csrf_token: string };
  await resetTheme(context.request, csrf_token);
  try {
    await page.goto("/settings/branding/general");
    await expect(
      page.getByRole("heading", { level: 1, name: m("Office.branding.title") }),
    ).toBeVisible({ timeout: 30_000 }); // the page's chunk, on a loaded machine
    const primary = page.getByRole("textbox", {
      name: m("Office.branding.primary_colour"),
      exact: true,
    });
    await expect(primary).toHaveValue("#2979FF");
    await primary.fill("#0D47A1");
    await expect(
      page.getByText(/White text on it: \d+(\.\d+)?:1, passes AA/).first(),
    ).toBeVisible();
    const preview = page.getByRole("figure", { name: m("Office.branding.preview") });
    await expect(preview.getByText(m("Office.branding.preview_button"), { exact: true })).toHaveCSS(
      "background-color",
      "rgb(13, 71, 161)",
    );
    await page.getByRole("button", { name: m("Office.branding.save") }).click();
    await expect(page.getByRole("status").getByText(m("Office.branding.saved"))).toBeVisible();

    await page.getByLabel(m("Office.branding.logo_file")).setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: pngImage(160, 48, "#C62828"),
    });
    await expect(page.getByRole("status").getByText(m("Office.branding.logo_saved"))).toBeVisible();
    await expect(
      page.getByRole("img", { name: m("Office.branding.logo_current") }),
    ).toHaveAttribute("src", /^\/assets\/logos\/\d+\/[0-9a-f]{64}\.png$/);
    await expectNoAxeViolations(page);
    await screenshot(page, "branding-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(preview).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, "branding-phone");

    // The visitor side: a fresh page reads the vendor anew.
    const toronto = await demoLocationId(context.request, "NW-TOR-001");
    await page.goto(`/callback-service/${toronto}`);
    const logo = page.getByRole("banner").getByRole("img");
    await expect(logo).toHaveAttribute("src", /^\/assets\/logos\/\d+\/[0-9a-f]{64}\.png$/, {
      timeout: 20_000,
    });
    await expect(logo).toHaveJSProperty("naturalWidth", 160);
    await expect(page.getByRole("button", { name: m("Form.submit_join") })).toHaveCSS(
      "background-color",
      "rgb(13, 71, 161)",
      { timeout: 20_000 },
    );
  } finally {
    await resetTheme(context.request, csrf_token);
  }
});
