// Whether the callback form can be shown, or which notice replaces it (spec §2, §6, §8): the vendor's
// callback switch, then the location's privacy, the client-view switch, the meeting method and the
// callback hours — the order in which the server's join gates refuse. And which meeting methods a
// visitor may choose between here: those the vendor offers at all, each available or not, and why.
import { MEETING_METHODS, type MeetingMethod } from "../../../shared/domain.ts";
import type { LocationResource } from "../../api/locations.ts";
import type { ServiceOption } from "../../api/queue-appointments-services.ts";
import type { VendorResource } from "../../api/vendor.ts";

type VendorAttributes = Pick<VendorResource["attributes"], "features" | "client_view">;
type LocationAttributes = Pick<
  LocationResource["attributes"],
  | "visibility"
  | "supports_in_person"
  | "supports_phone"
  | "supports_video"
  | "restrict_callback_request_hours"
  | "is_currently_open"
>;

export type CallbackAvailability =
  | { kind: "open" }
  | { kind: "disabled" }
  | { kind: "private" }
  | { kind: "online-queue-unavailable" }
  | { kind: "method-unavailable"; method: MeetingMethod }
  | { kind: "closed" };

/** The vendor-wide switch; a vendor without settings (no vendor on this host) takes requests. */
export function vendorTakesCallbacks(vendor: VendorAttributes | null): boolean {
  return vendor === null || vendor.features.callback_requests;
}

/** The meeting methods in the order the visitor is offered them. */
const METHODS: readonly MeetingMethod[] = [
  MEETING_METHODS.in_person,
  MEETING_METHODS.phone,
  MEETING_METHODS.video,
];

function vendorOffers(vendor: VendorAttributes, method: MeetingMethod): boolean {
  const { features } = vendor;
  if (method === MEETING_METHODS.in_person) return features.in_person_callbacks;
  if (method === MEETING_METHODS.phone) return features.phone_callbacks;
  return features.video_meetings;
}

function locationOffers(location: LocationAttributes, method: MeetingMethod): boolean {
  if (method === MEETING_METHODS.in_person) return location.supports_in_person;
  if (method === MEETING_METHODS.phone) return location.supports_phone;
  return location.supports_video;
}

function methodSupported(
  vendor: VendorAttributes,
  location: LocationAttributes,
  method: MeetingMethod,
): boolean {
  return vendorOffers(vendor, method) && locationOffers(location, method);
}

/**
 * The services a visitor can join by `method`: those offered by it, and for a phone or video call
 * only those taking walk-ins (nobody comes to the car of a call).
 */
export function servicesByMethod(
  services: readonly ServiceOption[],
  method: MeetingMethod,
): ServiceOption[] {
  return services.filter(
    (service) =>
      (method === MEETING_METHODS.in_person || service.supportsWalkin) &&
      service.meetingMethods.includes(method),
  );
}

export type MeetingMethodChoice = {
  method: MeetingMethod;
  /** why it cannot be chosen here: this location does not serve that way, or none of its services */
  unavailable: "location" | "services" | null;
};

/**
 * The meeting methods the vendor offers, each available at this location or not (spec §4: 1 in
 * person, 2 phone, 3 video). Before the services have loaded, only the location decides.
 */
export function meetingMethodChoices(options: {
  vendor: VendorAttributes;
  location: LocationAttributes;
  services: readonly ServiceOption[] | undefined;
}): MeetingMethodChoice[] {
  const { vendor, location, services } = options;
  return METHODS.filter((method) => vendorOffers(vendor, method)).map((method) => ({
    method,
    unavailable: !locationOffers(location, method)
      ? "location"
      : services && servicesByMethod(services, method).length === 0
        ? "services"
        : null,
  }));
}

/**
 * The method the page serves: the one its link names, else in person where it is available, else
 * the first that is; in person when nothing is (the notices then say why).
 */
export function pageMeetingMethod(
  named: MeetingMethod | null,
  choices: readonly MeetingMethodChoice[],
): MeetingMethod {
  if (named !== null) return named;
  return choices.find((choice) => choice.unavailable === null)?.method ?? MEETING_METHODS.in_person;
}

export function callbackAvailability(options: {
  vendor: VendorAttributes | null;
  location: LocationAttributes;
  meetingMethod: MeetingMethod;
  /** a physical kiosk does not join through the client view */
  kiosk: boolean;
}): CallbackAvailability {
  const { vendor, location, meetingMethod, kiosk } = options;
  if (!vendorTakesCallbacks(vendor)) return { kind: "disabled" };
  if (location.visibility === "private") return { kind: "private" };
  if (vendor) {
    const clientView = vendor.client_view;
    if (!kiosk && (!clientView.enabled || !clientView.join_line_from_client_view))
      return { kind: "online-queue-unavailable" };
    if (!methodSupported(vendor, location, meetingMethod))
      return { kind: "method-unavailable", method: meetingMethod };
  }
  if (location.restrict_callback_request_hours && !location.is_currently_open)
    return { kind: "closed" };
  return { kind: "open" };
}
