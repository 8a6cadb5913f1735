// Test fixtures of the back office: staff accounts of the demo data (each test uses desks no other
// spec serves from, so parallel specs never call one another's visitors), signing in through the
// API, a visitor joining a branch's line through the open API, axe, and screenshots.
import { AxeBuilder } from "@axe-core/playwright";
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";

export type StaffAccount = { email: string; password: string };

/** Warsaw's first desk: the end-to-end lobby flow. */
export const WARSAW_DESK: StaffAccount = {
  email: "katarzyna.nowak@northwind.example",
  password: "counter-willow-23",
};
/** New York's second desk: the walk-in form. */
export const NEW_YORK_DESK: StaffAccount = {
  email: "marcus.johnson@northwind.example",
  password: "counter-willow-23",
};
/** Warsaw's second desk: sign-in with a wrong password first. */
export const WARSAW_SECOND_DESK: StaffAccount = {
  email: "piotr.wisniewski@northwind.example",
  password: "counter-willow-23",
};
export const TORONTO_KIOSK: StaffAccount = {
  email: "kiosk.toronto@northwind.example",
  password: "tablet-harvest-17",
};
/** The failed-jobs page: a manager, who may not open it. */
export const MANAGER: StaffAccount = {
  email: "manager@northwind.example",
  password: "roster-pebble-72",
};
/** The failed-jobs page: the platform's operator, the one role that may open it. */
export const PLATFORM_ADMIN: StaffAccount = {
  email: "platform@northwind.example",
  password: "console-glacier-90",
};

export const SCREENSHOTS = "test-results/screenshots";

/**
 * Signs the browser context in through the API (its cookie then serves every page). Sign-ins are
 * limited per address and minute, and every spec signs in from 127.0.0.1: on a 429 it waits out the
 * window the server names and tries again.
 */
export async function signInContext(context: BrowserContext, account: StaffAccount) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = await context.request.post("/api/internal/v1/session", { data: account });
    if (response.status() === 429) {
      const seconds = Number(response.headers()["retry-after"] ?? "30");
      await new Promise((resolve) => setTimeout(resolve, Math.min(seconds, 60) * 1000));
      continue;
    }
    expect(response.status(), await response.text()).toBe(200);
    return;
  }
  throw new Error(`could not sign ${account.email} in`);
}

/** The id of the demo branch with this external id. */
export async function demoLocationId(request: APIRequestContext, externalId: string) {
  const response = await request.get("/api/v2/open/locations");
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as {
    data: { id: string; attributes: { external_id: string | null } }[];
  };
  const location = data.find((l) => l.attributes.external_id === externalId);
  if (!location) throw new Error(`demo location ${externalId} is not seeded`);
  return location.id;
}

export type Visit = { id: string; code: string; locationId: string; name: string };

/**
 * A visitor with a name no other test uses joins the line of `externalId` by video call, with
 * wanda@example.com or the email given (a test that looks for the visitor's messages gives its own).
 */
export async function joinByVideo(
  request: APIRequestContext,
  externalId: string,
  visitor: { email?: string } = {},
): Promise<Visit> {
  const vendor = await request.get("/api/v2/open/vendor");
  const { meta } = (await vendor.json()) as { meta: { csrf_token: string } };
  const locationId = await demoLocationId(request, externalId);
  const services = await request.get(`/api/v2/open/queue-appointments-services/${locationId}`);
  const [options] = (
    (await services.json()) as { data: [{ id: string; supportsWalkin: boolean }[]] }
  ).data;
  const service = options.find((option) => option.supportsWalkin);
  if (!service) throw new Error(`no walk-in service at ${externalId}`);
  const questions = await request.get(`/api/v2/open/questions?filter[matching]=${service.id}`);
  const { data: asked } = (await questions.json()) as {
    data: {
      id: string;
      attributes: { type: string; required: boolean; options: { value: number }[] };
    }[];
  };
  const answers = asked
    .filter((q) => q.attributes.required)
    .map((q) => {
      const first = q.attributes.options[0]?.value;
      const value = q.attributes.type === "checkbox" ? [first] : (first ?? "Yes");
      return { type: "answers", attributes: { question_id: q.id, value } };
    });
  const lastName = `Lobbytest${Math.floor(Math.random() * 1e6)}`;
  const response = await request.post("/api/v2/open/queue-appointments", {
    headers: { "content-type": "application/vnd.api+json", "x-csrf-token": meta.csrf_token },
    data: {
      data: {
        type: "queue-appointments",
        attributes: {
          location_id: locationId,
          service_id: service.id,
          meeting_method: 3,
          lang: "en",
        },
        relationships: {
          client: {
            data: {
              type: "clients",
              attributes: {
                first_name: "Wanda",
                last_name: lastName,
                email: visitor.email ?? "wanda@example.com",
                cell_phone: "+48601234567",
              },
            },
          },
          ...(answers.length ? { answers: { data: answers } } : {}),
        },
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const document = (await response.json()) as {
    data: { id: string; attributes: { confirm_code: string } };
  };
  return {
    id: document.data.id,
    code: document.data.attributes.confirm_code,
    locationId,
    name: `Wanda ${lastName}`,
  };
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`),
  ).toEqual([]);
}

/**
 * Back-office specs run on the desktop project only (playwright.config.ts): this checks the page as
 * it is now at the phone width too, with axe and a screenshot, then goes back to the width it had.
 */
export async function checkAtPhoneWidth(page: Page, name: string) {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page);
  await screenshot(page, name);
  if (original) await page.setViewportSize(original);
}

/**
 * Picks `zone` in a time-zone combobox: types it, then clicks its option. The field is brought to
 * mid-screen first: React Aria closes the list when the page scrolls, and an option below the fold
 * would scroll it. The list hides the rest of the page from assistive technology while it is open,
 * so picking (not only typing) is what lets the next field be found by its role.
 */
export async function chooseTimeZone(combobox: Locator, zone: string) {
  await combobox.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await combobox.fill(zone);
  const option = combobox.page().getByRole("option", { name: zone, exact: true });
  await expect(option).toBeVisible();
  await option.click();
  await expect(combobox).toHaveValue(zone);
  await expect(combobox.page().getByRole("listbox")).toHaveCount(0);
}

/** A full-page screenshot named by page, state and viewport width. */
export async function screenshot(page: Page, name: string) {
  // From the top: the sticky header would otherwise be drawn where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: `${SCREENSHOTS}/office-${name}-${page.viewportSize()?.width}.png`,
    fullPage: true,
  });
}
