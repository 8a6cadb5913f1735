import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3100";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const pages = process.argv.slice(2);
for (const width of [1280, 390]) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "en-US" });
  const page = await context.newPage();
  await page.goto(`${base}/sign-in`);
  await page.getByLabel(/^Email/).fill("admin@northwind.example");
  await page.getByLabel(/^Password/).fill("keyring-summit-35");
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL(/lobby|dashboard/);
  for (const p of pages) {
    await page.goto(`${base}${p}`);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    const name = p.replace(/[^a-z0-9]+/gi, "_");
    await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
