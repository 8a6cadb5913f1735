// The first start of an empty install in a real browser, on a server of its own started without
// the demo data: the link the server printed opens the setup form (clean under axe), which creates
// the organisation and its first admin, who lands signed in on the back office; the link is dead
// afterwards and the page says setup is done. Runs on the desktop project and checks the form at the
// phone width (375) too.
import { messages } from "./catalog.ts";
import { checkAtPhoneWidth, expectNoAxeViolations, screenshot } from "./fixtures-office-lobby.ts";
import { expect, test } from "./fixtures-setup-server.ts";

const en = messages("en");

test.use({ locale: "en-US" });

test("the printed link sets up the first vendor and signs its admin in", async ({
  page,
  emptyServer,
}, testInfo) => {
  const width = page.viewportSize()?.width ?? 0;
  // A link that is not the printed one is refused without a form.
  await page.goto(`${emptyServer.url}/setup?token=not-the-real-one`);
  await expect(page.getByRole("alert")).toHaveText(en["Office.setup_link_invalid"]!);

  await page.goto(emptyServer.setupLink);
  await expect(
    page.getByRole("heading", { level: 1, name: en["Office.setup_title"] }),
  ).toBeVisible();
  const organisation = page.getByRole("group", { name: en["Office.setup_organisation"] });
  const account = page.getByRole("group", { name: en["Office.setup_account"] });
  await expect(organisation.getByLabel(/^Host names/)).toHaveValue("127.0.0.1");
  await expectNoAxeViolations(page);
  await screenshot(page, "setup-empty");
  await checkAtPhoneWidth(page, "setup-empty");

  await organisation.getByLabel(/^Organisation name/).fill("Lakeside Credit Union");
  await organisation.getByLabel(/^Organisation name/).press("Tab");
  await expect(organisation.getByLabel(/^Short name/)).toHaveValue("lakeside-credit-union");
  await account.getByLabel(/^First name/).fill("Maya");
  await account.getByLabel(/^Last name/).fill("Okafor");
  await account.getByLabel(/^Email/).fill(`maya.${testInfo.project.name}@lakeside.example`);
  // A password built from the organisation's name is refused at its field, from the server.
  await account.getByLabel(/^Password/).fill("lakeside credit union");
  await account.getByLabel(/^Repeat the password/).fill("lakeside credit union");
  await page.getByRole("button", { name: en["Office.setup_submit"] }).click();
  await expect(account.getByText(en["Auth.password_contains_personal_info"]!)).toBeVisible();
  await expect(account.getByLabel(/^Password/)).toBeFocused();
  await expectNoAxeViolations(page);
  await screenshot(page, "setup-refused");
  await checkAtPhoneWidth(page, "setup-refused");

  await account.getByLabel(/^Password/).fill("tundra-violin-parsnip-82");
  await account.getByLabel(/^Repeat the password/).fill("tundra-violin-parsnip-82");
  await page.getByRole("button", { name: en["Office.setup_submit"] }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  const me = await page.request.get(`${emptyServer.url}/api/internal/v1/me`);
  expect(me.status()).toBe(200);
  const body = await me.json();
  expect(body.data.role.level).toBe(30);
  expect(body.data.vendor.name).toBe("Lakeside Credit Union");
  await expect(page.getByRole("navigation", { name: en["Office.nav_label"] })).toBeVisible();
  await screenshot(page, "setup-signed-in");
  expect(width).toBeGreaterThan(0);

  // The link is spent: the page says setup is done and offers sign-in.
  await page.goto(emptyServer.setupLink);
  await expect(page.getByText(en["Office.setup_done"]!)).toBeVisible();
  await expect(page.getByRole("link", { name: en["Office.setup_go_to_sign_in"] })).toBeVisible();
  await expectNoAxeViolations(page);
});
