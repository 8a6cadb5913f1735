// The confirmation page's view of a queue-appointment document: the booking's own fields and the
// included service and location, flattened so each card reads only what it shows.
import { FULFILLMENT_METHODS, MEETING_METHODS, type QueueStatus } from "../../../shared/domain.ts";
import { includedOf, type QueueAppointmentDocument } from "../../api/queue-appointment.ts";

type Attributes = QueueAppointmentDocument["data"]["attributes"];

export type BookingLocation = {
  id: string;
  name: string;
  address: string;
  phone: string | null;
  timezone: string;
  instructions: string | null;
  reviewUrl: string | null;
};

export type Booking = {
  id: string;
  code: string;
  /** the short ticket the room calls ("A-042"); null for places made before tickets */
  ticket: string | null;
  status: QueueStatus;
  meetingMethod: number;
  curbside: boolean;
  carDetails: Attributes["car_details"];
  /** when the visitor joined (ISO 8601) */
  created: string;
  /** while waiting: when the visitor is expected to start */
  expectedStart: string | null;
  /** while waiting and not called: how many people are ahead (as the server counts them) */
  peopleAhead: number | null;
  /** while waiting and called to a desk: the call (desk, latest call, recalls) */
  call: Attributes["call"];
  /** whether staff ever called the visitor: a missed visit says "we could not reach you" only then */
  wasCalled: boolean;
  meetingLink: string | null;
  dialIn: Attributes["dial_in"];
  staffName: string | null;
  cellPhone: string | null;
  feedbackGiven: boolean;
  serviceName: string | null;
  location: BookingLocation | null;
};

export const isPhoneCallback = (booking: Booking) =>
  booking.meetingMethod === MEETING_METHODS.phone;
export const isVideoCall = (booking: Booking) => booking.meetingMethod === MEETING_METHODS.video;
export const isInPerson = (booking: Booking) => booking.meetingMethod === MEETING_METHODS.in_person;

/** True when the page's id and code are this document's: only then are its details shown (spec §2). */
export function matchesQuery(
  document: QueueAppointmentDocument,
  id: string,
  code: string,
): boolean {
  return document.data.id === id && document.data.attributes.confirm_code === code;
}

export function readBooking(document: QueueAppointmentDocument): Booking {
  const { attributes } = document.data;
  const service = includedOf(document, "services");
  const location = includedOf(document, "locations");
  return {
    id: document.data.id,
    code: attributes.confirm_code,
    ticket: attributes.ticket,
    status: attributes.status,
    meetingMethod: attributes.meeting_method,
    curbside: attributes.fulfillment_method === FULFILLMENT_METHODS.curbside,
    carDetails: attributes.car_details,
    created: attributes.created,
    expectedStart: attributes.expected_start,
    peopleAhead: attributes.people_ahead,
    call: attributes.call,
    wasCalled: attributes.called_at !== null,
    meetingLink: safeWebLink(attributes.meeting_link),
    dialIn: attributes.dial_in,
    staffName: attributes.user?.full_name || null,
    cellPhone: attributes.client.cell_phone_formatted,
    feedbackGiven: attributes.feedback_given,
    serviceName: service?.attributes.name ?? null,
    location: location
      ? {
          id: location.id,
          name: location.attributes.name,
          address: location.attributes.formatted_address,
          phone: location.attributes.phone,
          timezone: location.attributes.timezone,
          instructions: location.attributes.instructions,
          reviewUrl: safeWebLink(location.attributes.google_review_url),
        }
      : null,
  };
}

/** Only https and http links become a button: staff type them, and a javascript: URL must not run. */
function safeWebLink(value: string | null): string | null {
  if (!value || !URL.canParse(value)) return null;
  const { protocol } = new URL(value);
  return protocol === "https:" || protocol === "http:" ? value : null;
}
