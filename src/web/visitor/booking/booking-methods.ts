// How an appointment can be held (spec §4 booking meeting methods) for a service at a location, by
// the rule the server books by (src/shared/services/booking-methods.ts: the vendor's flags, then
// the location's and the service's). Off site (4) is not offered: the server takes it wherever in
// person is, but no setting says a vendor goes to its clients' addresses (decision 0026).
import { BOOKING_MEETING_METHODS } from "../../../shared/domain.ts";
import { offersBookingMethod } from "../../../shared/services/booking-methods.ts";
import type { LocationResource } from "../../api/locations.ts";
import type { ServiceOption } from "../../api/queue-appointments-services.ts";
import type { VendorResource } from "../../api/vendor.ts";
import type { BookingMethod } from "./booking-query.ts";

type Features = Pick<
  VendorResource["attributes"]["features"],
  "appointment_meeting_methods" | "video_meetings"
>;
type LocationFlags = Pick<
  LocationResource["attributes"],
  "supports_in_person" | "supports_phone" | "supports_video"
>;

const { in_person: IN_PERSON, phone: PHONE, video: VIDEO } = BOOKING_MEETING_METHODS;
const OFFERED: readonly BookingMethod[] = [IN_PERSON, PHONE, VIDEO];

/** The methods the visitor may book by, in the order they are offered. */
export function bookingMethods(
  features: Features,
  location: LocationFlags,
  service: Pick<ServiceOption, "meetingMethods">,
): BookingMethod[] {
  const at = {
    supportsInPerson: location.supports_in_person,
    supportsPhone: location.supports_phone,
    supportsVideo: location.supports_video,
  };
  const of = {
    supportsInPerson: service.meetingMethods.includes(IN_PERSON),
    supportsPhone: service.meetingMethods.includes(PHONE),
    supportsVideo: service.meetingMethods.includes(VIDEO),
  };
  return OFFERED.filter((method) => offersBookingMethod(method, at, of, features));
}

/** The method the booking uses: the one chosen if offered, else in person, else the first offered. */
export function effectiveMethod(
  chosen: BookingMethod | null,
  offered: readonly BookingMethod[],
): BookingMethod | null {
  if (chosen !== null && offered.includes(chosen)) return chosen;
  return offered.includes(IN_PERSON) ? IN_PERSON : (offered[0] ?? null);
}
