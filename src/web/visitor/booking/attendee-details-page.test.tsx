// @vitest-environment jsdom
// The details step: the summary of the choice with its "Change" links, the queue form's fields and
// rules, the booking document sent with an Idempotency-Key, the confirmation page it opens, the
// nearest free times when the time was just taken (409), the server's field errors on their
// fields (422), and a queue place's client filling the form in when it is being converted.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointmentDocument as queuePlaceDocument } from "../confirmation/confirmation-fixtures.ts";
import {
  appointmentDocument,
  bookingLocation,
  bookingService,
  json,
  renderBooking,
  serveBooking,
  slot,
  t,
  type World,
} from "./booking-fixtures.tsx";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-30T15:00:00Z"));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const START = "2026-12-01T09:30:00-05:00";
const world = (answers: World["answers"] = {}): World => ({
  locations: [bookingLocation("12", "Downtown"), bookingLocation("13", "Harbour")],
  services: {
    "12": [bookingService("3", "Open an account"), bookingService("4", "Mortgage advice")],
    "13": [bookingService("3", "Open an account")],
  },
  days: { "2026-12-01": [slot(START, 45), slot("2026-12-01T10:00:00-05:00")] },
  answers,
});
const PAGE = `/attendee-details?service=3&location=12&date=2026-12-01&start=${encodeURIComponent(START)}&lang=en`;
const plain = (text: string | null | undefined) => (text ?? "").replace(/\s/g, " ");

async function fillIn() {
  fireEvent.change(await screen.findByRole("textbox", { name: /^First name/ }), {
    target: { value: "Grace" },
  });
  fireEvent.change(screen.getByRole("textbox", { name: /^Last name/ }), {
    target: { value: "Hopper" },
  });
  fireEvent.change(screen.getByRole("textbox", { name: /^Email/ }), {
    target: { value: "grace@example.com" },
  });
}

/** The attributes of a booking document a call sent. */
const attributesOf = (call: { body: unknown } | undefined) =>
  (call?.body as { data: { attributes: Record<string, unknown> } } | undefined)?.data.attributes ??
  {};

const book = () =>
  fireEvent.click(screen.getByRole("button", { name: t("Booking.book_appointment") }));

describe("the summary", () => {
  it("says what is booked, in the location's zone, with a way back to each choice", async () => {
    serveBooking(world());
    renderBooking(PAGE);
    const summary = await screen.findByRole("region", { name: t("Booking.summary_title") });
    await waitFor(() => expect(plain(summary.textContent)).toContain("45 minutes"));
    const text = plain(summary.textContent);
    expect(text).toContain("Open an account");
    expect(text).toContain("Downtown");
    expect(text).toContain("Tuesday, December 1, 2026, 9:30 – 10:15 AM");
    expect(text).toContain("Eastern Time");
    const change = within(summary).getByRole("link", { name: /Change.*Date and time/ });
    expect(change.getAttribute("href")).toMatch(/^\/select-timeslot\?/);
    expect(within(summary).getByRole("link", { name: /Change.*Service/ })).toBeTruthy();
    expect(within(summary).getByRole("link", { name: /Change.*Location/ })).toBeTruthy();
  });
});

describe("booking", () => {
  it("sends the choice and the visitor's details once, then opens the appointment", async () => {
    const calls = serveBooking(
      world({ "POST /api/v2/open/appointments": () => json(201, appointmentDocument()) }),
    );
    const view = renderBooking(PAGE);
    await fillIn();
    book();
    await waitFor(() => expect(view.address().pathname).toBe("/appointments/confirmation"));
    expect(view.address().query).toEqual({ id: "41", code: "K7Q2MZ", lang: "en" });
    const posts = calls.filter(
      (call) => call.method === "POST" && call.url.pathname.endsWith("/appointments"),
    );
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f]{32}$/);
    expect(posts[0]?.body).toEqual({
      data: {
        type: "appointments",
        attributes: {
          location_id: "12",
          service_id: "3",
          staff_id: null,
          meeting_method: 1,
          start: START,
          notes: null,
          lang: "en",
          booked_through: "client_view",
          explicit_compliance_agreement: false,
        },
        relationships: {
          client: {
            data: {
              type: "clients",
              attributes: {
                first_name: "Grace",
                last_name: "Hopper",
                email: "grace@example.com",
                cell_phone: null,
                receive_sms: false,
                lang: "en",
              },
            },
          },
        },
      },
    });
    // The confirmation opens on the answer, without reading it again.
    await screen.findByRole("heading", { level: 1, name: t("Booking.confirmed_title") });
    expect(
      calls.some(
        (call) => call.method === "GET" && call.url.pathname === "/api/v2/open/appointments/41",
      ),
    ).toBe(false);
  });

  it("asks for a name and one way to reach the visitor, by the queue form's rules", async () => {
    const calls = serveBooking(world());
    renderBooking(PAGE);
    await screen.findByRole("textbox", { name: /^First name/ });
    book();
    await waitFor(() =>
      expect(
        screen.getByRole("textbox", { name: /^First name/ }).getAttribute("aria-invalid"),
      ).toBe("true"),
    );
    expect(calls.some((call) => call.url.pathname === "/api/v2/open/appointments")).toBe(false);
  });

  it("offers the nearest free times when the time was just taken, and books the one chosen", async () => {
    let answer = () =>
      json(409, {
        errors: [{ status: "409", code: "slot_taken", detail: "That time was just taken." }],
        meta: { nearest: [slot("2026-12-01T10:00:00-05:00"), slot("2026-12-01T11:00:00-05:00")] },
      });
    const calls = serveBooking(world({ "POST /api/v2/open/appointments": () => answer() }));
    const view = renderBooking(PAGE);
    await fillIn();
    book();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(t("Booking.slot_taken_title"));
    const nearest = within(alert)
      .getAllByRole("button")
      .map((button) => plain(button.textContent));
    expect(nearest).toEqual(["Tuesday, December 1 at 10:00 AM", "Tuesday, December 1 at 11:00 AM"]);
    fireEvent.click(within(alert).getAllByRole("button")[0] as HTMLElement);
    await waitFor(() => expect(view.address().query.start).toBe("2026-12-01T10:00:00-05:00"));
    const submit = screen.getByRole("button", { name: t("Booking.book_appointment") });
    await waitFor(() => expect(document.activeElement).toBe(submit));
    expect(plain(screen.getByText(/Your appointment time is now/).textContent)).toContain("10:00");
    answer = () => json(201, appointmentDocument({ start: "2026-12-01T10:00:00-05:00" }));
    book();
    await waitFor(() => expect(view.address().pathname).toBe("/appointments/confirmation"));
    const posts = calls.filter((call) => call.url.pathname === "/api/v2/open/appointments");
    expect(posts).toHaveLength(2);
    expect(attributesOf(posts[1]).start).toBe("2026-12-01T10:00:00-05:00");
    // A new content, a new key: the first attempt was answered.
    expect(posts[1]?.headers.get("Idempotency-Key")).not.toBe(
      posts[0]?.headers.get("Idempotency-Key"),
    );
  });

  it("puts the server's field errors on their fields", async () => {
    serveBooking(
      world({
        "POST /api/v2/open/appointments": () =>
          json(422, {
            errors: [
              {
                status: "422",
                code: "invalid_value",
                detail: "This email address cannot receive messages.",
                source: { pointer: "/data/relationships/client/data/attributes/email" },
              },
            ],
          }),
      }),
    );
    renderBooking(PAGE);
    await fillIn();
    book();
    expect(await screen.findByText("This email address cannot receive messages.")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: /^Email/ }).getAttribute("aria-invalid")).toBe(
      "true",
    );
  });
});

describe("turning a queue place into an appointment", () => {
  it("fills the form in from the place and sends which place it converts", async () => {
    const calls = serveBooking(
      world({
        "GET /api/v2/open/queue-appointments/9": () => json(200, queuePlaceDocument()),
        "POST /api/v2/open/appointments": () => json(201, appointmentDocument()),
      }),
    );
    const view = renderBooking(`${PAGE}&from_queue_appointment=9&code=AB12CD`);
    expect(await screen.findByText(t("Booking.conversion_notice"))).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole("textbox", { name: /^First name/ }) as HTMLInputElement).value).toBe(
        "Ada",
      ),
    );
    expect((screen.getByRole("textbox", { name: /^Last name/ }) as HTMLInputElement).value).toBe(
      "Lovelace",
    );
    expect((screen.getByRole("textbox", { name: /^Email/ }) as HTMLInputElement).value).toBe(
      "ada@example.com",
    );
    expect((screen.getByRole("textbox", { name: /^Mobile phone/ }) as HTMLInputElement).value).toBe(
      "+14165550123",
    );
    const read = calls.find((call) => call.url.pathname === "/api/v2/open/queue-appointments/9");
    expect(read?.url.searchParams.get("code")).toBe("AB12CD");
    book();
    await waitFor(() => expect(view.address().pathname).toBe("/appointments/confirmation"));
    const post = calls.find((call) => call.url.pathname === "/api/v2/open/appointments");
    expect(attributesOf(post).converted_from).toEqual({
      queue_appointment_id: "9",
      confirm_code: "AB12CD",
    });
  });
});
