// Whether an appointment can be booked by a meeting method (spec §4 booking meeting methods: 1 in
// person, 2 phone, 3 video, 4 off site) for a service at a location. The vendor's flags come first
// (spec §6: "appointment meeting methods" gates every method but in person; video also needs
// "video meetings"), then the location's and the service's supports_* flags. An off-site meeting is
// face to face at the client's place, with staff leaving from the location: it needs in person at
// both, as no flag of its own exists.
import { BOOKING_MEETING_METHODS } from "../domain.ts";
import type { ServiceMethodFlags } from "./meeting-methods.ts";

export type BookingMeetingMethod =
  (typeof BOOKING_MEETING_METHODS)[keyof typeof BOOKING_MEETING_METHODS];

/** The method's name, as messages and documents spell it. */
export const BOOKING_METHOD_NAMES = {
  1: "in_person",
  2: "phone",
  3: "video",
  4: "off_site",
} as const satisfies Record<BookingMeetingMethod, keyof typeof BOOKING_MEETING_METHODS>;

export type BookingMethodFeatures = {
  appointment_meeting_methods: boolean;
  video_meetings: boolean;
};

export function offersBookingMethod(
  method: BookingMeetingMethod,
  location: ServiceMethodFlags,
  service: ServiceMethodFlags,
  features: BookingMethodFeatures,
): boolean {
  if (method !== BOOKING_MEETING_METHODS.in_person && !features.appointment_meeting_methods)
    return false;
  switch (method) {
    case BOOKING_MEETING_METHODS.in_person:
    case BOOKING_MEETING_METHODS.off_site:
      return location.supportsInPerson && service.supportsInPerson;
    case BOOKING_MEETING_METHODS.phone:
      return location.supportsPhone && service.supportsPhone;
    case BOOKING_MEETING_METHODS.video:
      return features.video_meetings && location.supportsVideo && service.supportsVideo;
  }
}
