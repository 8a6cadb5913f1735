// The platform admin's failed background jobs in a real browser against the real server: reached
// from the navigation, calm when the dead-letter queue is empty (as it is on the demo data), and
// clean under axe; a manager has no link to it and is turned away at its address. Runs on the
// desktop project and checks the list at the phone width (375) too, with a screenshot of each.
import { expect, type Page, test } from "@playwright/test";
import { messages } from "./catalog.ts";
import {
  checkAtPhoneWidth,
  expectNoAxeViolations,
  MANAGER,
  PLATFORM_ADMIN,
  screenshot,
  signInContext,
} from "./fixtures-office-lobby.ts";

const en = messages("en");

test.use({ locale: "en-US" });

const nav = (page: Page) => page.getByRole("navigation", { name: en["Office.nav_label"] });

test("the platform admin opens the failed jobs from the navigation and finds none", async ({
  page,
  context,
}) => {
  await signInContext(context, PLATFORM_ADMIN);
  await page.goto("/dashboard");
  const link = nav(page).getByRole("link", { name: en["Office.nav_jobs"] });
  await link.click();

  await expect(page).toHaveURL(/\/jobs$/);
  await expect(link).toHaveAttribute("aria-current", "page");
  await expect(
    page.getByRole("heading", { level: 1, name: en["Office.jobs_title"] }),
  ).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 2, name: en["Office.jobs_empty_title"] }),
  ).toBeVisible();
  await expect(page.getByText(en["Office.jobs_empty_text"]!)).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, "jobs-empty");
  await checkAtPhoneWidth(page, "jobs-empty");
});

test("a manager has no link to the failed jobs, and is turned away at their address", async ({
  page,
  context,
}) => {
  await signInContext(context, MANAGER);
  await page.goto("/dashboard");
  await expect(nav(page).getByRole("link", { name: en["Office.nav_dashboard"] })).toBeVisible();
  await expect(nav(page).getByRole("link", { name: en["Office.nav_jobs"] })).toHaveCount(0);

  await page.goto("/jobs");
  await expect(page).toHaveURL(/\/forbidden$/);
});

// No durable handler can fail on the demo data yet, so the list is answered in the browser here:
// the server's side of it (a job failing into the dead-letter queue, its retry) is tested in
// src/server/events/event-dispatcher.test.ts. This checks the table's layout, axe and keyboard.
test("the list of failed jobs reads at every width, and a job is retried from the keyboard", async ({
  page,
  context,
}) => {
  const job = (id: string, attributes: Record<string, unknown>) => ({
    type: "dead_jobs",
    id,
    attributes: {
      queue: "notify-visitor",
      event_id: 4812,
      event_type: "queue_appointment.called",
      failed_at: "2026-03-02T10:15:30.000Z",
      attempts: 6,
      error:
        "SMTP 451 4.3.0: mailbox temporarily unavailable; the provider asked us to try again later",
      ...attributes,
    },
  });
  let dead = [
    job("6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b", {}),
    job("0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d", {
      queue: "deliver-webhook",
      event_id: null,
      event_type: null,
      attempts: 3,
      error: null,
    }),
  ];
  let retryToken: string | null = null;
  await page.route("**/api/internal/v1/jobs/dead", (route) =>
    route.fulfill({
      contentType: "application/vnd.api+json",
      body: JSON.stringify({ data: dead }),
    }),
  );
  await page.route("**/api/internal/v1/jobs/dead/*/retry", (route) => {
    retryToken = route.request().headers()["x-csrf-token"] ?? null;
    dead = dead.slice(1);
    return route.fulfill({ status: 204 });
  });

  await signInContext(context, PLATFORM_ADMIN);
  await page.goto("/jobs");
  const table = page.getByRole("table", { name: "2 jobs failed every attempt" });
  await expect(table).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "jobs-list");
  await checkAtPhoneWidth(page, "jobs-list");

  const retry = table.getByRole("button", { name: "Retry queue_appointment.called, event 4812" });
  await retry.focus();
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("status").filter({ hasText: en["Office.jobs_retried"]! }),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: "1 job failed every attempt" })).toBeVisible();
  expect(retryToken).toBeTruthy();
  await expect(
    page.getByRole("heading", { level: 1, name: en["Office.jobs_title"] }),
  ).toBeFocused();
  await expectNoAxeViolations(page);
});
