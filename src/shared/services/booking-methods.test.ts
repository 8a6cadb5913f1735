import { describe, expect, it } from "vitest";
import { type BookingMeetingMethod, offersBookingMethod } from "./booking-methods.ts";

const all = { supportsInPerson: true, supportsPhone: true, supportsVideo: true };
const none = { supportsInPerson: false, supportsPhone: false, supportsVideo: false };
const flagsOn = { appointment_meeting_methods: true, video_meetings: true };
const methods: BookingMeetingMethod[] = [1, 2, 3, 4];
const offered = (location: typeof all, service: typeof all, features: typeof flagsOn = flagsOn) =>
  methods.filter((method) => offersBookingMethod(method, location, service, features));

describe("offersBookingMethod", () => {
  it("needs the method at the location and for the service", () => {
    expect(offered(all, all)).toEqual([1, 2, 3, 4]);
    expect(offered({ ...all, supportsPhone: false }, all)).toEqual([1, 3, 4]);
    expect(offered(all, { ...none, supportsVideo: true })).toEqual([3]);
  });

  it("books off site as a face-to-face meeting: in person at both", () => {
    expect(offered({ ...all, supportsInPerson: false }, all)).toEqual([2, 3]);
    expect(offered(all, { ...all, supportsInPerson: false })).toEqual([2, 3]);
  });

  it("keeps to in person when the vendor's appointment meeting methods are off, and video needs video meetings", () => {
    expect(offered(all, all, { ...flagsOn, appointment_meeting_methods: false })).toEqual([1]);
    expect(offered(all, all, { ...flagsOn, video_meetings: false })).toEqual([1, 2, 4]);
  });
});
