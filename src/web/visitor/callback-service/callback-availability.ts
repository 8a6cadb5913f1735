// Whether the callback form can be shown, or which notice replaces it (spec §2, §6, §8): the vendor's
// callback switch, then the location's privacy, the client-view switch, the meeting method and the
// callback hours — the order in which the server's join gates refuse.
import { MEETING_METHODS, type MeetingMethod } from "../../../shared/domain.ts";
import type { LocationResource } from "../../api/locations.ts";
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

function methodSupported(
  vendor: VendorAttributes,
  location: LocationAttributes,
  method: MeetingMethod,
): boolean {
  const { features } = vendor;
  if (method === MEETING_METHODS.in_person)
    return location.supports_in_person && features.in_person_callbacks;
  if (method === MEETING_METHODS.phone) return location.supports_phone && features.phone_callbacks;
  return location.supports_video && features.video_meetings;
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
