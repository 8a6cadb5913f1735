import { describe, expect, it } from "vitest";
import { appointmentCalendar, type CalendarAppointment } from "./appointment-calendar.ts";

const appointment: CalendarAppointment = {
  id: 42,
  vendorHost: "bank.example",
  start: new Date("2026-12-01T14:00:00Z"),
  end: new Date("2026-12-01T14:30:00Z"),
  cancelled: false,
  sequence: 0,
  serviceName: "Mortgage advice",
  locationName: "Queen Street",
  place: "100 Queen St W, Toronto",
  staffName: "Ana C.",
  meetingMethod: 1,
  confirmCode: "K7QX2M9PLT4R8WZB",
  manageUrl: "https://bank.example/appointments/manage?id=42&code=K7QX2M9PLT4R8WZB",
  vendorName: "Northwind Bank",
  lang: "en",
};

/** The file's lines with RFC 5545 folding undone. */
const unfolded = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split("\r\n");

describe("appointmentCalendar", () => {
  it("is one confirmed event in UTC with a UID that later versions replace", () => {
    const lines = unfolded(appointmentCalendar(appointment));
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("METHOD:PUBLISH");
    expect(lines).toContain("UID:appointment-42@bank.example");
    expect(lines).toContain("SEQUENCE:0");
    expect(lines).toContain("DTSTART:20261201T140000Z");
    expect(lines).toContain("DTEND:20261201T143000Z");
    expect(lines).toContain("STATUS:CONFIRMED");
    expect(lines).toContain("SUMMARY:Mortgage advice at Queen Street");
    expect(lines).toContain("LOCATION:100 Queen St W\\, Toronto");
    const description = lines.find((line) => line.startsWith("DESCRIPTION:"))!;
    expect(description).toContain("With: Ana C.");
    expect(description).toContain("Confirmation number: K7QX2M9PLT4R8WZB");
  });

  it("says it in the visitor's language", () => {
    const lines = unfolded(appointmentCalendar({ ...appointment, lang: "fr", meetingMethod: 2 }));
    expect(lines).toContain("SUMMARY:Mortgage advice à Queen Street");
    expect(lines.find((line) => line.startsWith("DESCRIPTION:"))).toContain(
      "Appel téléphonique : nous vous appellerons",
    );
  });

  it("cancels the event it replaces once the appointment is cancelled", () => {
    const lines = unfolded(appointmentCalendar({ ...appointment, cancelled: true, sequence: 2 }));
    expect(lines).toContain("METHOD:CANCEL");
    expect(lines).toContain("STATUS:CANCELLED");
    expect(lines).toContain("SEQUENCE:2");
    expect(lines).toContain("UID:appointment-42@bank.example");
  });
});
