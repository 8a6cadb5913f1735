// Test support for the confirmation page: queue-appointment documents written out as the open API
// answers them (typed by the contract in src/shared/contracts/queue-appointment.ts).
import type { LocationResource } from "../../../shared/contracts/location.ts";
import type {
  QueueAppointmentDocument,
  QueueAppointmentResource,
} from "../../../shared/contracts/queue-appointment.ts";
import { defaultVendor, type VendorInfo } from "../../api/vendor.ts";

/** A Monday, 11:00 in Toronto. */
export const NOW = new Date("2025-03-10T15:00:00Z");

/** What a document says of an appointment that no longer waits: no expected start, no wait, no count. */
export const NOT_WAITING = {
  expected_start: null,
  wait_seconds: null,
  people_ahead: null,
} as const;

const nineToFive = { open: "09:00", closed: "17:00" };
/** 09:00–17:00 in Toronto (UTC−4 from 9 March 2025) as spec §3 future_open_hours, from NOW. */
const openWeekdays = (["monday", "tuesday", "wednesday", "thursday", "friday"] as const).map(
  (weekday) => ({ weekday, hours: { start: "130000", end: "210000" } }),
);

export function locationAttributes(
  overrides: Partial<LocationResource["attributes"]> = {},
): LocationResource["attributes"] {
  return {
    external_id: "NW-TOR-001",
    name: "Toronto — First Canadian Place",
    address: "100 King Street West",
    city: "Toronto",
    prov_state: "ON",
    postal_zip: "M5X 1A9",
    country: "CA",
    formatted_address: "100 King Street West, Toronto, ON M5X 1A9, CA",
    coordinates: { lat: 43.6486, lng: -79.3817 },
    latitude: 43.6486,
    longitude: -79.3817,
    phone: "+14165550142",
    phone_formatted: "(416) 555-0142",
    physical: true,
    region: null,
    mailing_code: null,
    lang: "en",
    google_review_url: "https://northwind.example/reviews/toronto",
    sort_order: 10,
    timezone: "America/Toronto",
    visibility: "public",
    supports_curbside_pickup: true,
    supports_in_person: true,
    supports_phone: true,
    supports_video: true,
    instructions: "Enter from the PATH level.",
    restrict_callback_request_hours: false,
    hours: {
      monday: nineToFive,
      tuesday: nineToFive,
      wednesday: nineToFive,
      thursday: nineToFive,
      friday: nineToFive,
      saturday: null,
      sunday: null,
    },
    opening_periods: {
      monday: [nineToFive],
      tuesday: [nineToFive],
      wednesday: [nineToFive],
      thursday: [nineToFive],
      friday: [nineToFive],
      saturday: [],
      sunday: [],
    },
    future_open_hours: openWeekdays,
    is_currently_open: true,
    wait_time: null,
    expected_start: null,
    translations: [],
    ...overrides,
  };
}

type AppointmentOverrides = Partial<QueueAppointmentResource["attributes"]> & {
  location?: Partial<LocationResource["attributes"]>;
};

/** A queue-appointment document as GET /api/v2/open/queue-appointments/{id} answers it. */
export function appointmentDocument(
  overrides: AppointmentOverrides = {},
): QueueAppointmentDocument {
  const { location, ...attributes } = overrides;
  return {
    data: {
      type: "queue-appointments",
      id: "12",
      attributes: {
        status: "waiting",
        confirm_code: "K7Q2MZ",
        ticket: "A-042",
        booked_through: "online_queue",
        channel_id: 13,
        source: null,
        location_id: "7",
        service_id: "4",
        meeting_method: 1,
        fulfillment_method: 1,
        car_details: null,
        notes: null,
        workflow_id: null,
        lang: "en",
        tracking: {},
        created: "2025-03-10T15:00:00.000Z",
        updated: "2025-03-10T15:00:00.000Z",
        queued_at: "2025-03-10T15:00:00.000Z",
        expected_start: "2025-03-10T15:25:00.000Z",
        wait_seconds: 1500,
        quoted_wait_seconds: 1500,
        people_ahead: 2,
        called_at: null,
        call: null,
        started_at: null,
        ended_at: null,
        meeting_link: null,
        dial_in: null,
        user: null,
        client: { cell_phone_formatted: "(416) 555-0123" },
        feedback_given: false,
        ...attributes,
      },
      relationships: {
        client: { data: { type: "clients", id: "3" } },
        service: { data: { type: "services", id: "4" } },
        location: { data: { type: "locations", id: "7" } },
        answers: { data: [] },
      },
    },
    included: [
      {
        type: "clients",
        id: "3",
        attributes: {
          external_id: null,
          first_name: "Ada",
          last_name: "Lovelace",
          email: "ada@example.com",
          cell_phone: "+14165550123",
          cell_phone_formatted: "(416) 555-0123",
          notes: null,
          lang: "en",
          receive_sms: false,
        },
      },
      {
        type: "services",
        id: "4",
        attributes: {
          name: "Open an account",
          instructions: null,
          supports_curbside_pickup: true,
          supports_walkin: true,
        },
      },
      { type: "locations", id: "7", attributes: locationAttributes(location) },
    ],
  };
}

/** The demo vendor's public state with every public feature on, for the page's vendor context. */
export function vendorFixture(
  overrides: Partial<NonNullable<VendorInfo["attributes"]>> = {},
): VendorInfo {
  const base = defaultVendor();
  const attributes = {
    name: "Northwind Bank",
    features: { appointment_booking_channel: true, location_locking: false },
    show_queue_appointment_feedback: true,
    duration_text: null,
    callback_closed_location_info: true,
    ...overrides,
  } as unknown as NonNullable<VendorInfo["attributes"]>;
  return { ...base, id: "1", name: "Northwind Bank", attributes };
}
