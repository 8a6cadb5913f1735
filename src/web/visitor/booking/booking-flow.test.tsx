// @vitest-environment jsdom
// The booking steps as a visitor goes through them, by the vendor's client-view settings: which
// step comes first, which are passed over (one choice, a known location the vendor leaves out, no
// staff choice), what each lists, where its links lead, and the notices where nobody can book.
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  bookingLocation,
  bookingService,
  bookingVendor,
  renderBooking,
  serveBooking,
  t,
  type World,
} from "./booking-fixtures.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DOWNTOWN = bookingLocation("12", "Downtown");
const HARBOUR = bookingLocation("13", "Harbour");
const ACCOUNT = bookingService("3", "Open an account");
const MORTGAGE = bookingService("4", "Mortgage advice");

const twoLocations: World = {
  locations: [DOWNTOWN, HARBOUR],
  services: { "12": [ACCOUNT, MORTGAGE], "13": [ACCOUNT] },
};

const heading = (id: string) => screen.findByRole("heading", { level: 1, name: t(id) });

describe("service first (the default)", () => {
  it("lists every service some location offers, each once", async () => {
    serveBooking(twoLocations);
    renderBooking("/select-service?lang=en");
    await heading("Booking.service_title");
    const links = await screen.findAllByRole("link", { name: /Open an account|Mortgage advice/ });
    expect(links.map((link) => link.textContent)).toEqual(["Open an account", "Mortgage advice"]);
  });

  it("continues to the locations offering the chosen service, keeping the rest of the query", async () => {
    serveBooking(twoLocations);
    const view = renderBooking("/select-service?lang=en&utm_source=mail");
    fireEvent.click(await screen.findByRole("link", { name: "Open an account" }));
    await heading("Booking.location_title");
    expect(view.address()).toEqual({
      pathname: "/select-location",
      query: { lang: "en", utm_source: "mail", service: "3" },
    });
    expect(screen.getByRole("link", { name: /Downtown/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Harbour/ })).toBeTruthy();
  });

  it("passes the location step by when one location offers the service, with it chosen", async () => {
    serveBooking(twoLocations);
    const view = renderBooking("/select-service");
    fireEvent.click(await screen.findByRole("link", { name: "Mortgage advice" }));
    await heading("Booking.timeslot_title");
    expect(view.address()).toEqual({
      pathname: "/select-timeslot",
      query: { service: "4", location: "12" },
    });
  });

  it("passes every step by that has one choice", async () => {
    serveBooking({ locations: [DOWNTOWN], services: { "12": [ACCOUNT] } });
    const view = renderBooking("/select-service");
    await heading("Booking.timeslot_title");
    expect(view.address().query).toEqual({ location: "12", service: "3" });
  });

  it("opens a location's details at the step's path + its id, and continues from there", async () => {
    serveBooking(twoLocations);
    const view = renderBooking("/select-location?service=3");
    fireEvent.click(await screen.findByRole("link", { name: /Harbour/ }));
    await screen.findByRole("heading", { level: 2, name: "Harbour" });
    expect(view.address()).toEqual({ pathname: "/select-location/13", query: { service: "3" } });
    expect(screen.getByRole("link", { name: /Directions/ }).getAttribute("href")).toContain(
      "google.com/maps/dir",
    );
    fireEvent.click(screen.getByRole("button", { name: t("LocationFinder.select") }));
    await heading("Booking.timeslot_title");
    expect(view.address()).toEqual({
      pathname: "/select-timeslot",
      query: { service: "3", location: "13" },
    });
  });

  it("says a location that does not offer the chosen service cannot be booked", async () => {
    serveBooking({
      locations: [DOWNTOWN, HARBOUR, bookingLocation("14", "Airport")],
      services: { ...twoLocations.services, "14": [MORTGAGE] },
    });
    renderBooking("/select-location/13?service=4");
    expect(await screen.findByText(t("Booking.location_not_bookable"))).toBeTruthy();
  });
});

describe("location first", () => {
  const vendor = bookingVendor({ clientView: { first_step: "location" } });

  it("sends a visitor without a location to the location step first", async () => {
    serveBooking(twoLocations);
    const view = renderBooking("/select-service", vendor);
    await heading("Booking.location_title");
    expect(view.address().pathname).toBe("/select-location");
  });

  it("then lists the services of the chosen location", async () => {
    serveBooking(twoLocations);
    renderBooking("/select-service?location=12", vendor);
    await heading("Booking.service_title");
    const links = await screen.findAllByRole("link", { name: /Open an account|Mortgage advice/ });
    expect(links.map((link) => link.textContent)).toEqual(["Open an account", "Mortgage advice"]);
  });
});

describe("the location step", () => {
  it("is kept for changing a known location, unless the vendor leaves it out", async () => {
    serveBooking(twoLocations);
    renderBooking("/select-timeslot?service=3&location=12");
    await heading("Booking.timeslot_title");
    expect(
      (await screen.findByRole("link", { name: t("Booking.back") })).getAttribute("href"),
    ).toMatch(/^\/select-location\?/);
    cleanup();
    renderBooking(
      "/select-timeslot?service=3&location=12",
      bookingVendor({ clientView: { include_location_step: false } }),
    );
    await heading("Booking.timeslot_title");
    expect(
      (await screen.findByRole("link", { name: t("Booking.back") })).getAttribute("href"),
    ).toMatch(/^\/select-service\?/);
  });
});

describe("the staff step", () => {
  const choosing = bookingVendor({ clientView: { staff_selection: true } });
  const staffed: World = {
    ...twoLocations,
    staff: [
      { id: "5", name: "Ana C." },
      { id: "7", name: "Ben D." },
    ],
  };

  it("offers anyone available, then each staff member, when the vendor lets visitors choose", async () => {
    serveBooking(staffed);
    const view = renderBooking("/select-staff?service=3&location=12", choosing);
    await heading("Booking.staff_title");
    const links = await screen.findAllByRole("link", { name: /Any available|Ana C\.|Ben D\./ });
    expect(links.map((link) => link.firstElementChild?.firstElementChild?.textContent)).toEqual([
      t("Booking.any_staff"),
      "Ana C.",
      "Ben D.",
    ]);
    fireEvent.click(screen.getByRole("link", { name: /Ana C\./ }));
    await heading("Booking.timeslot_title");
    expect(view.address().query).toEqual({ service: "3", location: "12", staff: "5" });
  });

  it("is passed by with one staff member, and never shown when visitors do not choose", async () => {
    serveBooking({ ...twoLocations, staff: [{ id: "5", name: "Ana C." }] });
    const view = renderBooking("/select-staff?service=3&location=12", choosing);
    await heading("Booking.timeslot_title");
    expect(view.address().pathname).toBe("/select-timeslot");
    cleanup();
    serveBooking(staffed);
    const other = renderBooking("/select-staff?service=3&location=12");
    await heading("Booking.timeslot_title");
    expect(other.address().pathname).toBe("/select-timeslot");
  });
});

describe("the attendees step", () => {
  it("asks how many come, up to the vendor's limit, before the times", async () => {
    serveBooking(twoLocations);
    const view = renderBooking(
      "/select-timeslot?service=3&location=12",
      bookingVendor({ booking: { attendees_limit: 3 } }),
    );
    await heading("Booking.attendees_title");
    expect(view.address().pathname).toBe("/select-attendees");
    const counts = await screen.findAllByRole("link", { name: /people|person/ });
    expect(counts.map((link) => link.textContent)).toEqual(["1 person", "2 people", "3 people"]);
    fireEvent.click(screen.getByRole("link", { name: "2 people" }));
    await heading("Booking.timeslot_title");
    expect(view.address().query).toEqual({ service: "3", location: "12", attendees: "2" });
  });
});

describe("where nobody can book", () => {
  it("a vendor without the booking channel says so", async () => {
    serveBooking(twoLocations);
    renderBooking(
      "/select-service",
      bookingVendor({ features: { appointment_booking_channel: false } }),
    );
    await heading("Booking.unavailable_title");
  });

  it("a kiosk that does not book appointments says so, with a way back to its start", async () => {
    serveBooking(twoLocations);
    renderBooking("/select-service?location=12&mode=kiosk&lang=en");
    await heading("Booking.kiosk_unavailable_title");
    expect(screen.getByRole("link", { name: t("Booking.kiosk_back") }).getAttribute("href")).toBe(
      "/how?location=12&mode=kiosk&lang=en",
    );
  });

  it("a kiosk that does book asks no location", async () => {
    serveBooking(twoLocations);
    const view = renderBooking(
      "/select-service?location=12&mode=kiosk",
      bookingVendor({
        clientView: {
          kiosk: { ...bookingVendor().attributes!.client_view.kiosk, appointment_booking: true },
        },
      }),
    );
    fireEvent.click(await screen.findByRole("link", { name: "Mortgage advice" }));
    await heading("Booking.timeslot_title");
    expect(view.address().query).toEqual({ location: "12", mode: "kiosk", service: "4" });
  });
});

describe("moving between steps", () => {
  it("moves focus to the new step's heading", async () => {
    serveBooking(twoLocations);
    renderBooking("/select-service");
    // The first page of a visit leaves focus where the browser put it.
    const first = await heading("Booking.service_title");
    expect(document.activeElement).not.toBe(first);
    fireEvent.click(await screen.findByRole("link", { name: "Open an account" }));
    const next = await heading("Booking.location_title");
    await waitFor(() => expect(document.activeElement).toBe(next));
  });

  it("says it is loading until the choices are there", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    serveBooking({
      ...twoLocations,
      answers: {
        "GET /api/v2/open/locations": async () => {
          await held;
          return new Response(JSON.stringify({ data: twoLocations.locations }), { status: 200 });
        },
      },
    });
    renderBooking("/select-service");
    expect((await screen.findByRole("status")).textContent).toBe(t("Booking.loading"));
    await act(async () => release());
    expect(await screen.findByRole("link", { name: "Open an account" })).toBeTruthy();
  });
});
