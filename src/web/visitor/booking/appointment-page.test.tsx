// @vitest-environment jsdom
// The booked appointment's page (/appointments/confirmation and /manage): its time in the location's
// zone, who, where, how and its code; the calendar file, moving it while the vendor allows, and
// cancelling it behind a dialog, after which the page says so; "moved" after a reschedule; and one
// card for an id or code that matches nothing.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installModalDialog } from "../../../../test/fakes/modal-dialog.ts";
import {
  appointmentDocument,
  bookingVendor,
  json,
  renderBooking,
  serveBooking,
  t,
  type World,
} from "./booking-fixtures.tsx";

beforeAll(installModalDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const plain = (text: string | null | undefined) => (text ?? "").replace(/\s/g, " ");
const world = (answers: World["answers"]): World => ({ locations: [], services: {}, answers });
const PAGE = "/appointments/manage?id=41&code=K7Q2MZ&lang=en";

describe("a booked appointment", () => {
  it("shows when, what, who, where and its code, with the calendar file", async () => {
    serveBooking(
      world({ "GET /api/v2/open/appointments/41": () => json(200, appointmentDocument()) }),
    );
    renderBooking(PAGE);
    await screen.findByRole("heading", { level: 1, name: t("Booking.confirmed_title") });
    const details = screen.getByRole("region", { name: t("Booking.appointment_details") });
    const text = plain(details.textContent);
    expect(text).toContain("Tuesday, December 1, 2026, 9:30 – 10:00 AM");
    expect(text).toContain("Open an account · 30 minutes");
    expect(text).toContain("Ana C.");
    expect(text).toContain("Downtown");
    expect(text).toContain("100 King Street West, Toronto");
    expect(text).toContain("K7Q2MZ");
    expect(within(details).getByRole("link", { name: /Directions/ })).toBeTruthy();
    const calendar = screen.getByRole("link", { name: t("Booking.add_to_calendar") });
    expect(calendar.getAttribute("href")).toBe("/api/v2/open/appointments/41.ics?code=K7Q2MZ");
  });

  it("moves it through the time step, which then moves instead of booking", async () => {
    serveBooking(
      world({ "GET /api/v2/open/appointments/41": () => json(200, appointmentDocument()) }),
    );
    renderBooking(PAGE);
    const move = await screen.findByRole("link", { name: t("Booking.reschedule") });
    const target = new URL(move.getAttribute("href") ?? "", "http://localhost");
    expect(target.pathname).toBe("/select-timeslot");
    expect(Object.fromEntries(target.searchParams)).toEqual({
      reschedule: "41",
      code: "K7Q2MZ",
      service: "3",
      location: "12",
      staff: "5",
      meeting_method: "1",
      lang: "en",
    });
  });

  it("offers no move or cancel once the vendor's times for them have passed", async () => {
    serveBooking(
      world({
        "GET /api/v2/open/appointments/41": () =>
          json(200, appointmentDocument({ reschedulable: false, cancellable: false })),
      }),
    );
    renderBooking(PAGE);
    await screen.findByRole("link", { name: t("Booking.add_to_calendar") });
    expect(screen.queryByRole("link", { name: t("Booking.reschedule") })).toBeNull();
    expect(screen.queryByRole("button", { name: t("Booking.cancel") })).toBeNull();
  });

  it("cancels behind a dialog, then says it is cancelled and offers another", async () => {
    const calls = serveBooking(
      world({
        "GET /api/v2/open/appointments/41": () => json(200, appointmentDocument()),
        "PATCH /api/v2/open/appointments/41": () =>
          json(
            200,
            appointmentDocument({
              status: 4,
              status_name: "cancelled",
              reschedulable: false,
              cancellable: false,
            }),
          ),
      }),
    );
    renderBooking(PAGE);
    fireEvent.click(await screen.findByRole("button", { name: t("Booking.cancel") }));
    const dialog = await screen.findByRole("alertdialog", {
      name: t("Booking.cancel_dialog_title"),
    });
    fireEvent.click(within(dialog).getByRole("button", { name: t("Booking.cancel_confirm") }));
    const title = await screen.findByRole("heading", {
      level: 1,
      name: t("Booking.cancelled_title"),
    });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(plain(document.body.textContent)).toContain(
      "Your appointment at Downtown on Tuesday, December 1, 2026 at 9:30 AM is cancelled.",
    );
    const another = screen.getByRole("link", { name: t("Booking.book_another") });
    expect(another.getAttribute("href")).toBe("/select-service?lang=en");
    const patch = calls.find((call) => call.method === "PATCH");
    expect(patch?.url.searchParams.get("code")).toBe("K7Q2MZ");
    expect(patch?.body).toEqual({
      data: { type: "appointments", id: "41", attributes: { status: 4 } },
    });
  });

  it("says it was moved after a reschedule", async () => {
    serveBooking(
      world({ "GET /api/v2/open/appointments/41": () => json(200, appointmentDocument()) }),
    );
    renderBooking(`${PAGE}&rescheduled=1`);
    expect(await screen.findByText(t("Booking.rescheduled_notice"))).toBeTruthy();
    expect(screen.getByText(t("Booking.rescheduled_notice")).getAttribute("role")).toBe("status");
  });

  it("says how a phone appointment is held", async () => {
    serveBooking(
      world({
        "GET /api/v2/open/appointments/41": () =>
          json(200, appointmentDocument({ meeting_method: 2 })),
      }),
    );
    renderBooking(PAGE);
    expect(await screen.findByText(/We will call you at \(416\) 555-0123/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Directions/ })).toBeNull();
  });
});

describe("an id or code that matches nothing", () => {
  it("shows one card offering to book, for a wrong code as for a missing one", async () => {
    serveBooking(
      world({
        "GET /api/v2/open/appointments/41": () => json(404, { errors: [{ status: "404" }] }),
      }),
    );
    renderBooking("/appointments/confirmation?id=41&code=WRONG");
    await screen.findByRole("heading", { level: 1, name: t("Booking.not_found_title") });
    expect(screen.getByRole("link", { name: t("Booking.book_another") })).toBeTruthy();
    cleanup();
    renderBooking("/appointments/confirmation?id=41");
    await screen.findByRole("heading", { level: 1, name: t("Booking.not_found_title") });
  });

  it("keeps the location it came with only under the vendor's location locking", async () => {
    const missing = { "GET /api/v2/open/appointments/41": () => json(404, { errors: [] }) };
    const path = "/appointments/confirmation?id=41&code=WRONG&lang=fr&location=12";
    serveBooking(world(missing));
    renderBooking(path, bookingVendor({ features: { location_locking: true } }));
    await screen.findByRole("heading", { level: 1, name: t("Booking.not_found_title") });
    expect(screen.getByRole("link", { name: t("Booking.book_another") }).getAttribute("href")).toBe(
      "/select-service?lang=fr&location=12",
    );
    cleanup();
    serveBooking(world(missing));
    renderBooking(path, bookingVendor({ features: { location_locking: false } }));
    await screen.findByRole("heading", { level: 1, name: t("Booking.not_found_title") });
    expect(screen.getByRole("link", { name: t("Booking.book_another") }).getAttribute("href")).toBe(
      "/select-service?lang=fr",
    );
  });
});
