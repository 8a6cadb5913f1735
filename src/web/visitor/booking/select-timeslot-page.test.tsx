// @vitest-environment jsdom
// The time step: one availability request per two weeks from the visitor's week start, the next two
// weeks fetched ahead, days without free times disabled, the chosen day's times grouped in the
// location's zone and named in full, the way of meeting asked where there is a choice, and moving
// a booked appointment instead of booking when the link says so.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { installModalDialog } from "../../../../test/fakes/modal-dialog.ts";
import {
  appointmentDocument,
  bookingLocation,
  bookingService,
  bookingVendor,
  json,
  renderBooking,
  serveBooking,
  slot,
  t,
  type World,
} from "./booking-fixtures.tsx";

beforeAll(installModalDialog);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  // Monday 30 November 2026, 10:00 in Toronto.
  vi.setSystemTime(new Date("2026-11-30T15:00:00Z"));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const DOWNTOWN = bookingLocation("12", "Downtown", {
  supports_in_person: true,
  supports_phone: true,
  supports_video: false,
});
const world: World = {
  locations: [DOWNTOWN, bookingLocation("13", "Harbour")],
  services: { "12": [bookingService("3", "Open an account", [1, 2])], "13": [] },
  staff: [{ id: "5", name: "Ana C." }],
  days: {
    "2026-12-01": [
      slot("2026-12-01T09:00:00-05:00"),
      slot("2026-12-01T09:30:00-05:00"),
      slot("2026-12-01T13:00:00-05:00"),
      slot("2026-12-01T17:30:00-05:00"),
    ],
    "2026-12-03": [slot("2026-12-03T10:00:00-05:00")],
    "2026-12-15": [slot("2026-12-15T11:00:00-05:00")],
  },
};

const PAGE = "/select-timeslot?service=3&location=12&lang=en";
const plain = (text: string | null) => (text ?? "").replace(/\s/g, " ");
const availabilityCalls = (calls: ReturnType<typeof serveBooking>) =>
  calls
    .filter((call) => call.url.pathname === "/api/v2/open/availability")
    .map((call) => Object.fromEntries(call.url.searchParams));
const dayButton = (name: string) => screen.getByRole("button", { name });

describe("the days", () => {
  it("asks once for the two weeks from the visitor's week start, and fetches the next two ahead", async () => {
    const calls = serveBooking(world);
    renderBooking(PAGE);
    await screen.findByRole("button", { name: /Tuesday, December 1 at 9:00/ });
    await waitFor(() => expect(availabilityCalls(calls)).toHaveLength(2));
    expect(availabilityCalls(calls)).toEqual([
      // English weeks start on Sunday (29 November); nothing before today is asked.
      {
        service_id: "3",
        location_id: "12",
        meeting_method: "1",
        from: "2026-11-30",
        to: "2026-12-12",
      },
      {
        service_id: "3",
        location_id: "12",
        meeting_method: "1",
        from: "2026-12-13",
        to: "2026-12-26",
      },
    ]);
  });

  it("starts the week on Monday in French, and names the days and times in French", async () => {
    serveBooking(world);
    renderBooking(PAGE, bookingVendor(), "fr");
    await screen.findByRole("button", { name: /mardi 1 décembre à 9:00/ });
    const days = within(screen.getByRole("group", { name: /novembre|décembre/ })).getAllByRole(
      "button",
    );
    expect(days[0]?.getAttribute("aria-label")).toBe("lundi 30 novembre");
  });

  it("disables the days without free times and shows the first free day's times", async () => {
    serveBooking(world);
    renderBooking(PAGE);
    await screen.findByRole("button", { name: /Tuesday, December 1 at 9:00/ });
    expect(dayButton("Tuesday, December 1").getAttribute("aria-pressed")).toBe("true");
    expect((dayButton("Wednesday, December 2") as HTMLButtonElement).disabled).toBe(true);
    expect((dayButton("Sunday, November 29") as HTMLButtonElement).disabled).toBe(true);
    expect(dayButton("Monday, November 30").getAttribute("aria-current")).toBe("date");
  });

  it("groups the times by the location's clock, each named in full", async () => {
    serveBooking(world);
    renderBooking(PAGE);
    await screen.findByRole("button", { name: /Tuesday, December 1 at 9:00/ });
    const parts = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(parts).toEqual([t("Booking.morning"), t("Booking.afternoon"), t("Booking.evening")]);
    const times = screen
      .getAllByRole("button", { name: /December 1 at/ })
      .map((button) => plain(button.getAttribute("aria-label")));
    expect(times).toEqual([
      "Tuesday, December 1 at 9:00 AM",
      "Tuesday, December 1 at 9:30 AM",
      "Tuesday, December 1 at 1:00 PM",
      "Tuesday, December 1 at 5:30 PM",
    ]);
    // The browser here runs in another zone than Toronto's, so the zone is named.
    expect(screen.getByText(/Eastern Time/)).toBeTruthy();
  });

  it("keeps a chosen day in the address and pages by two weeks", async () => {
    serveBooking(world);
    const view = renderBooking(PAGE);
    await screen.findByRole("button", { name: /Tuesday, December 1 at 9:00/ });
    fireEvent.click(dayButton("Thursday, December 3"));
    await screen.findByRole("button", { name: /Thursday, December 3 at 10:00/ });
    expect(view.address().query.date).toBe("2026-12-03");
    fireEvent.click(screen.getByRole("button", { name: t("Booking.later_dates") }));
    await screen.findByRole("button", { name: /Tuesday, December 15 at 11:00/ });
  });

  it("continues to the details with the chosen time", async () => {
    serveBooking(world);
    const view = renderBooking(PAGE);
    fireEvent.click(await screen.findByRole("button", { name: /Tuesday, December 1 at 1:00/ }));
    await screen.findByRole("heading", { level: 1, name: t("Booking.details_title") });
    expect(view.address()).toEqual({
      pathname: "/attendee-details",
      query: {
        service: "3",
        location: "12",
        lang: "en",
        date: "2026-12-01",
        start: "2026-12-01T13:00:00-05:00",
      },
    });
  });

  it("pages no further than the vendor's booking window, and asks for the head count chosen", async () => {
    const calls = serveBooking(world);
    renderBooking(`${PAGE}&attendees=2`, bookingVendor({ booking: { window_days: 10 } }));
    await screen.findByRole("button", { name: /Tuesday, December 1 at 9:00/ });
    // 30 November + 10 days is still in these two weeks: nothing later can be booked.
    expect(
      (screen.getByRole("button", { name: t("Booking.later_dates") }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(availabilityCalls(calls)).toEqual([
      {
        service_id: "3",
        location_id: "12",
        meeting_method: "1",
        attendees: "2",
        from: "2026-11-30",
        to: "2026-12-12",
      },
    ]);
  });

  it("says when two weeks have no free time", async () => {
    serveBooking({ ...world, days: {} });
    renderBooking(PAGE);
    await waitFor(() =>
      expect(screen.getAllByRole("status").map((s) => s.textContent)).toContain(
        t("Booking.no_times"),
      ),
    );
  });
});

describe("the way of meeting", () => {
  it("is asked when the service is offered more than one way here, and the times follow it", async () => {
    const calls = serveBooking(world);
    const view = renderBooking(PAGE);
    const group = await screen.findByRole("group", { name: t("Booking.method_label") });
    const phone = within(group).getByRole("radio", { name: t("Form.method_phone") });
    expect(
      (within(group).getByRole("radio", { name: t("Form.method_in_person") }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    fireEvent.click(phone);
    await waitFor(() => expect(view.address().query.meeting_method).toBe("2"));
    await waitFor(() =>
      expect(availabilityCalls(calls).some((call) => call.meeting_method === "2")).toBe(true),
    );
  });

  it("is not asked where there is one way", async () => {
    serveBooking({ ...world, services: { "12": [bookingService("3", "Open an account")] } });
    renderBooking(PAGE);
    await screen.findByRole("button", { name: /Tuesday, December 1 at 9:00/ });
    expect(screen.queryByRole("group", { name: t("Booking.method_label") })).toBeNull();
  });
});

describe("moving a booked appointment", () => {
  const MOVE = "/select-timeslot?reschedule=41&code=K7Q2MZ&service=3&location=12&staff=5&lang=en";

  it("asks, then moves it, and returns to the appointment saying it was moved", async () => {
    const calls = serveBooking({
      ...world,
      answers: {
        "PATCH /api/v2/open/appointments/41": () =>
          json(200, appointmentDocument({ start: "2026-12-01T09:30:00-05:00" })),
      },
    });
    const view = renderBooking(MOVE);
    await screen.findByRole("heading", { level: 1, name: t("Booking.reschedule_title") });
    fireEvent.click(await screen.findByRole("button", { name: /Tuesday, December 1 at 9:30/ }));
    const dialog = await screen.findByRole("dialog", {
      name: t("Booking.reschedule_dialog_title"),
    });
    expect(plain(dialog.textContent)).toContain("Tuesday, December 1 at 9:30 AM");
    fireEvent.click(within(dialog).getByRole("button", { name: t("Booking.reschedule_confirm") }));
    await waitFor(() => expect(view.address().pathname).toBe("/appointments/manage"));
    expect(view.address().query).toEqual({
      id: "41",
      code: "K7Q2MZ",
      lang: "en",
      rescheduled: "1",
    });
    const patch = calls.find((call) => call.method === "PATCH");
    expect(patch?.url.search).toBe("?code=K7Q2MZ");
    expect(patch?.body).toEqual({
      data: {
        type: "appointments",
        id: "41",
        attributes: { start: "2026-12-01T09:30:00-05:00", staff_id: "5" },
      },
    });
    // The staff member's own times were asked for.
    expect(
      calls
        .find((call) => call.url.pathname.endsWith("/availability"))
        ?.url.searchParams.get("staff_id"),
    ).toBe("5");
  });

  it("offers the nearest free times when the time was just taken", async () => {
    serveBooking({
      ...world,
      answers: {
        "PATCH /api/v2/open/appointments/41": () =>
          json(409, {
            errors: [{ status: "409", code: "slot_taken", detail: "That time is taken" }],
            meta: { nearest: [slot("2026-12-01T10:00:00-05:00")] },
          }),
      },
    });
    renderBooking(MOVE);
    fireEvent.click(await screen.findByRole("button", { name: /Tuesday, December 1 at 9:30/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: t("Booking.reschedule_confirm") }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(t("Booking.slot_taken_title"));
    await waitFor(() => expect(document.activeElement).toBe(alert));
    fireEvent.click(within(alert).getByRole("button", { name: /December 1 at 10:00/ }));
    const again = await screen.findByRole("dialog");
    expect(plain(again.textContent)).toContain("10:00 AM");
  });
});
