// The booking's state in the address: read back as it was written (so reload, back and forward keep
// the choice), malformed values read as "not chosen", later choices dropped when an earlier one
// changes, and every other parameter carried along.
import { describe, expect, it } from "vitest";
import {
  ANY_STAFF,
  readBookingContext,
  readBookingSelection,
  withSelection,
} from "./booking-query.ts";

const START = "2026-12-01T09:30:00-05:00";

describe("the booking selection in the address", () => {
  it("reads back every choice it wrote, with lang, mode and tracking kept", () => {
    const search = new URLSearchParams("lang=fr&mode=kiosk_qr&utm_source=mail");
    const written = withSelection(search, {
      serviceId: "3",
      locationId: "12",
      staff: "5",
      meetingMethod: 2,
      date: "2026-12-01",
      start: START,
      attendees: 2,
    });
    expect(readBookingSelection(written)).toEqual({
      serviceId: "3",
      locationId: "12",
      staff: "5",
      meetingMethod: 2,
      date: "2026-12-01",
      start: START,
      attendees: 2,
    });
    expect(written.get("lang")).toBe("fr");
    expect(written.get("mode")).toBe("kiosk_qr");
    expect(written.get("utm_source")).toBe("mail");
    // Through a URL and back, as a reload does.
    const reloaded = new URL(`https://x.example/select-timeslot?${written}`).searchParams;
    expect(readBookingSelection(reloaded)).toEqual(readBookingSelection(written));
  });

  it("reads malformed values as not chosen", () => {
    const selection = readBookingSelection(
      new URLSearchParams(
        "service=abc&location=0&staff=x1&meeting_method=9&date=2026-02-30&start=tomorrow&attendees=99",
      ),
    );
    expect(selection).toEqual({
      serviceId: null,
      locationId: null,
      staff: null,
      meetingMethod: null,
      date: null,
      start: null,
      attendees: null,
    });
  });

  it("takes a meeting method by number or by name, and any staff member", () => {
    expect(readBookingSelection(new URLSearchParams("meeting_method=video")).meetingMethod).toBe(3);
    expect(readBookingSelection(new URLSearchParams("meeting_method=1")).meetingMethod).toBe(1);
    expect(readBookingSelection(new URLSearchParams("staff=ANY")).staff).toBe(ANY_STAFF);
  });

  it("drops the staff member and the time when the service or location changes", () => {
    const search = new URLSearchParams(
      `service=3&location=12&staff=5&start=${START}&date=2026-12-01`,
    );
    const changed = readBookingSelection(withSelection(search, { serviceId: "4" }));
    expect(changed).toMatchObject({ serviceId: "4", locationId: "12", staff: null, start: null });
    // The day shown stays: it is where the visitor was looking.
    expect(changed.date).toBe("2026-12-01");
    const moved = readBookingSelection(withSelection(search, { locationId: "13" }));
    expect(moved).toMatchObject({ serviceId: "3", staff: null, start: null });
  });

  it("keeps the later choices when a choice is set to what it was", () => {
    const search = new URLSearchParams(`service=3&staff=5&start=${START}`);
    expect(readBookingSelection(withSelection(search, { serviceId: "3" }))).toMatchObject({
      staff: "5",
      start: START,
    });
  });

  it("keeps a time set in the same change as the staff member", () => {
    const search = new URLSearchParams("service=3&staff=5");
    const both = readBookingSelection(withSelection(search, { staff: "7", start: START }));
    expect(both).toMatchObject({ staff: "7", start: START });
  });
});

describe("why the visitor is booking", () => {
  it("moves an appointment with reschedule and its code", () => {
    expect(readBookingContext(new URLSearchParams("reschedule=41&code=K7Q2MZ"))).toEqual({
      reschedule: { id: "41", code: "K7Q2MZ" },
      conversion: null,
      kiosk: false,
    });
  });

  it("turns a queue place into an appointment with from_queue_appointment and its code", () => {
    expect(
      readBookingContext(new URLSearchParams("from_queue_appointment=9&code=AB12CD&mode=kiosk")),
    ).toEqual({
      reschedule: null,
      conversion: { queueAppointmentId: "9", code: "AB12CD" },
      kiosk: true,
    });
  });

  it("needs the code for either", () => {
    expect(readBookingContext(new URLSearchParams("reschedule=41"))).toMatchObject({
      reschedule: null,
    });
    expect(readBookingContext(new URLSearchParams("from_queue_appointment=9"))).toMatchObject({
      conversion: null,
    });
  });

  it("is no kiosk on a visitor's phone that scanned the kiosk's code", () => {
    expect(
      readBookingContext(new URLSearchParams("mode=kiosk&booked_through=kiosk_qr")).kiosk,
    ).toBe(false);
  });
});
