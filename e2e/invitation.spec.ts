// Invitation links (mode=invitation) in a real browser: the visit is booked with source
// "invitation" and every utm_* tracking parameter, which also stay on the confirmation link.
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { messages } from "./catalog.ts";

const en = messages("en");

test.use({ locale: "en-US" });

const TRACKING = {
  utm_source: "newsletter",
  utm_medium: "email",
  utm_campaign: "spring-visits",
  utm_term: "mortgage",
  utm_content: "button-a",
};

test("an invitation link books with source invitation and the utm values", async ({
  page,
  request,
}) => {
  const response = await request.get("/api/v2/open/locations");
  const data = (await response.json()).data as { id: string; attributes: { city: string } }[];
  const toronto = data.find((l) => l.attributes.city === "Toronto")!;
  const query = new URLSearchParams({ mode: "invitation", ...TRACKING });
  await page.goto(`/callback-service/${toronto.id}?${query}`);
  await expect(page.getByLabel(en["Form.service"]!)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("option", { name: en["Form.services_loading"] })).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  await page.getByLabel(en["Form.service"]!).selectOption({ label: "Cash & cheque deposit" });
  await page.getByLabel(en["Form.first_name"]!, { exact: false }).fill("Grace");
  await page.getByLabel(en["Form.last_name"]!, { exact: false }).fill("Hopper");
  await page.getByLabel(en["Form.email"]!, { exact: false }).fill("grace@example.com");
  await page.getByRole("button", { name: en["Form.submit_join"] }).click();
  await expect(page).toHaveURL(/\/callback-service\/confirmation\?/);

  const url = new URL(page.url());
  expect(url.searchParams.get("mode")).toBe("invitation");
  for (const [name, value] of Object.entries(TRACKING))
    expect(url.searchParams.get(name)).toBe(value);
  const visit = await request.get(
    `/api/v2/open/queue-appointments/${url.searchParams.get("id")}?code=${url.searchParams.get("code")}`,
  );
  expect(visit.ok()).toBe(true);
  expect((await visit.json()).data.attributes).toMatchObject({
    source: "invitation",
    booked_through: "online_queue",
    tracking: TRACKING,
  });
});
