// The meeting link dialog checks what the server checks, and turns empty fields into removals.
import { describe, expect, it } from "vitest";
import { isMeetingLink, meetingChange } from "./meeting-link-dialog.tsx";

describe("isMeetingLink", () => {
  it("takes https addresses with a domain, like the server", () => {
    expect(isMeetingLink("https://meet.example.com/room-1")).toBe(true);
    expect(isMeetingLink("http://meet.example.com/room-1")).toBe(false);
    expect(isMeetingLink("https://localhost/room")).toBe(false);
    expect(isMeetingLink("meet.example.com/room")).toBe(false);
    expect(isMeetingLink("javascript:alert(1)")).toBe(false);
  });
});

describe("meetingChange", () => {
  it("sends the link and the dial-in as typed, trimmed", () => {
    expect(
      meetingChange({
        link: " https://meet.example.com/r ",
        number: "+48 22 555 01 99",
        pin: "7310",
      }),
    ).toEqual({
      meeting_link: "https://meet.example.com/r",
      dial_in: { e164: "+48 22 555 01 99", pin: "7310" },
    });
  });

  it("removes what is left empty", () => {
    expect(meetingChange({ link: "", number: " ", pin: "" })).toEqual({
      meeting_link: null,
      dial_in: null,
    });
    expect(meetingChange({ link: "", number: "+48225550199", pin: "" }).dial_in).toEqual({
      e164: "+48225550199",
      pin: null,
    });
  });
});
