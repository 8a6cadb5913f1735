// A waiting visitor books an appointment instead, at the phone width: "Book an appointment instead"
// opens the booking steps at their branch and service; once the booking is made their place in
// line is cancelled (not before), the appointment names the place it replaced, and the booking's
// email, received by a real SMTP server on loopback, carries the appointment's calendar file.
// Against the real built app and server with the demo data.
import type { Page } from "@playwright/test";
import { messages } from "./catalog.ts";
import { joinLine } from "./fixtures-confirm-visit.ts";
import { expect, test } from "./fixtures-notifications-server.ts";
import { expectNoAxeViolations } from "./fixtures-office-lobby.ts";

const en = messages("en");
const m = (id: string) => {
  const text = en[id];
  if (text === undefined) throw new Error(`no message ${id}`);
  return text;
};

/** The time buttons of the day shown; pages on by two weeks until a day has free times. */
async function freeTimes(page: Page) {
  const times = page.getByRole("button", { name: / at \d/ });
  for (let pages = 0; pages < 4; pages++) {
    await expect(page.getByText(m("Booking.times_loading"))).toHaveCount(0);
    if ((await times.count()) > 0) return times;
    await page.getByRole("button", { name: m("Booking.later_dates") }).click();
  }
  throw new Error("no free times in the next eight weeks");
}

/** Answers every required question the details step asks with its first choice. */
async function answerRequiredQuestions(page: Page) {
  for (const group of await page.getByRole("group").all()) {
    const name = (await group.getAttribute("aria-label")) ?? (await group.textContent()) ?? "";
    if (!/required/i.test(name)) continue;
    const radio = group.getByRole("radio").first();
    if ((await radio.count()) > 0) {
      await radio.check();
      continue;
    }
    const box = group.getByRole("checkbox").first();
    if ((await box.count()) > 0) await box.check();
  }
  for (const select of await page.getByRole("combobox", { name: /required/ }).all()) {
    await select.selectOption({ index: 1 });
  }
}

test.use({ locale: "en-US", timezoneId: "America/Toronto", viewport: { width: 375, height: 812 } });

test("a waiting visitor books instead: the place is cancelled with the booking, and the email carries the calendar file", async ({
  browser,
  notifications,
}) => {
  test.setTimeout(180_000);
  const { url, sink } = notifications;
  const context = await browser.newContext({ baseURL: url });
  const email = "ada.lovelace@example.com";
  const visit = await joinLine(context.request, { name: { first: "Ada", last: "Convert" } });
  const page = await context.newPage();
  await page.goto(`/callback-service/confirmation?id=${visit.id}&code=${visit.code}&lang=en`);

  // 1. "Book an appointment instead", confirmed: the booking steps at the visitor's branch.
  await page.getByRole("button", { name: m("Confirmation.convert_button") }).click();
  const dialog = page.getByRole("dialog", { name: m("Confirmation.convert_dialog_title") });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: m("Confirmation.convert_confirm") }).click();
  await expect(page).toHaveURL(/\/select-(timeslot|staff|attendees)\?/);
  expect(new URL(page.url()).searchParams.get("location")).toBe(visit.locationId);
  // The place is kept while the visitor chooses.
  const place = async () =>
    (
      await (
        await context.request.get(`/api/v2/open/queue-appointments/${visit.id}?code=${visit.code}`)
      ).json()
    ).data.attributes.status as string;
  expect(await place()).toBe("waiting");

  // 2. A time, then the details (the visitor's own, carried over from the place).
  if (/\/select-staff\?/.test(page.url())) {
    await page.getByText(m("Booking.any_staff"), { exact: true }).click();
  }
  const times = await freeTimes(page);
  await times.first().click();
  await expect(
    page.getByRole("heading", { level: 1, name: m("Booking.details_title") }),
  ).toBeVisible();
  await expect(page.getByRole("textbox", { name: /^First name/ })).toHaveValue("Ada");
  await expect(page.getByRole("textbox", { name: /^Email/ })).toHaveValue(email);
  await answerRequiredQuestions(page);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: m("Booking.book_appointment") }).click();
  await expect(page).toHaveURL(/\/appointments\/confirmation\?id=\d+&code=\w+/);
  const booked = new URL(page.url());
  const appointmentId = booked.searchParams.get("id")!;
  const code = booked.searchParams.get("code")!;

  // 3. The place is cancelled now, and the appointment names it.
  expect(await place()).toBe("cancelled");
  const appointment = await context.request.get(
    `/api/v2/open/appointments/${appointmentId}?code=${code}`,
  );
  expect((await appointment.json()).data.attributes.converted_from_queue_appointment_id).toBe(
    visit.id,
  );

  // 4. The booking's email, as the SMTP server received it, with the calendar file attached.
  const bookedMail = () =>
    sink.messages.filter(
      (mail) =>
        !Array.isArray(mail.to) &&
        mail.to?.text === email &&
        mail.attachments.some((file) => file.contentType.startsWith("text/calendar")),
    );
  await expect.poll(() => bookedMail().length, { timeout: 30_000 }).toBe(1);
  const [mail] = bookedMail();
  expect(mail!.html).toContain(`code=${code}`);
  const calendar = mail!.attachments
    .find((file) => file.contentType.startsWith("text/calendar"))!
    .content.toString("utf8");
  expect(calendar).toContain("BEGIN:VCALENDAR");
  expect(calendar).toContain("METHOD:PUBLISH");
  expect(calendar).toMatch(/BEGIN:VEVENT[\s\S]*DTSTART/);
  await context.close();
});
