// Test support for the confirmation page: queue-appointment documents built by the server's own
// presenter from in-memory rows, so the page is tested against the exact shape the API sends.
import type { clients, locations, queueAppointments, services } from "../../../server/db/schema.ts";
import {
  presentQueueAppointment,
  presentQueueAppointmentIncluded,
} from "../../../server/queue/present-queue-appointment.ts";
import type { QueueAppointmentDocument } from "../../api/queue-appointment.ts";
import { defaultVendor, type VendorInfo } from "../../api/vendor.ts";

type Row<T extends { $inferSelect: unknown }> = T["$inferSelect"];

export const NOW = new Date("2025-03-10T15:00:00Z");
const weekday = { open: "09:00", closed: "17:00" };

export function locationRow(overrides: Partial<Row<typeof locations>> = {}): Row<typeof locations> {
  return {
    id: 7,
    vendorId: 1,
    externalId: "NW-TOR-001",
    name: "Toronto — First Canadian Place",
    address: "100 King Street West",
    city: "Toronto",
    provState: "ON",
    postalZip: "M5X 1A9",
    country: "CA",
    latitude: 43.6486,
    longitude: -79.3817,
    phone: "+14165550142",
    physical: true,
    region: null,
    mailingCode: null,
    lang: "en",
    googleReviewUrl: "https://northwind.example/reviews/toronto",
    sortOrder: 10,
    timezone: "America/Toronto",
    visibility: "public",
    supportsCurbsidePickup: true,
    supportsInPerson: true,
    supportsPhone: true,
    supportsVideo: true,
    instructions: "Enter from the PATH level.",
    restrictCallbackRequestHours: false,
    hours: {
      monday: weekday,
      tuesday: weekday,
      wednesday: weekday,
      thursday: weekday,
      friday: weekday,
      saturday: null,
      sunday: null,
    },
    translations: [],
    createdAt: NOW,
    ...overrides,
  };
}

type AppointmentOverrides = Partial<Row<typeof queueAppointments>> & {
  location?: Partial<Row<typeof locations>>;
  cellPhone?: string | null;
  staff?: { firstName: string; lastName: string } | null;
  feedbackGiven?: boolean;
};

/** A queue-appointment document as GET /api/v2/open/queue-appointments/{id} answers it. */
export function appointmentDocument(
  overrides: AppointmentOverrides = {},
): QueueAppointmentDocument {
  const { location: locationOverrides, cellPhone, staff, feedbackGiven, ...row } = overrides;
  const location = locationRow(locationOverrides);
  const client: Row<typeof clients> = {
    id: 3,
    vendorId: 1,
    externalId: null,
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    cellPhone: cellPhone === undefined ? "+14165550123" : cellPhone,
    notes: null,
    lang: "en",
    receiveSms: false,
    createdAt: NOW,
  };
  const service: Row<typeof services> = {
    id: 4,
    vendorId: 1,
    name: "Open an account",
    translations: [],
    supportsCurbsidePickup: true,
    supportsWalkin: true,
    displayInLobby: true,
    instructions: null,
    durationMinutes: 15,
    sortOrder: 0,
    createdAt: NOW,
  };
  const appointment: Row<typeof queueAppointments> = {
    id: 12,
    vendorId: 1,
    locationId: location.id,
    serviceId: service.id,
    clientId: client.id,
    userId: null,
    status: "waiting",
    bookedThrough: "online_queue",
    meetingMethod: 1,
    fulfillmentMethod: 1,
    carDetails: null,
    notes: null,
    workflowId: null,
    confirmCode: "K7Q2MZ",
    queuedAt: NOW,
    expectedStart: new Date(NOW.getTime() + 25 * 60_000),
    quotedWaitSeconds: 1500,
    actualWaitSeconds: null,
    arrivedAt: null,
    calledAt: null,
    startedAt: null,
    endedAt: null,
    meetingLink: null,
    dialIn: null,
    source: null,
    tracking: {},
    lang: "en",
    createdAt: NOW,
    updatedAt: NOW,
    ...row,
  };
  const related = {
    client,
    service,
    location,
    user: staff ?? null,
    answers: [],
    feedbackGiven: feedbackGiven ?? false,
  };
  return {
    data: presentQueueAppointment(appointment, related, "en", NOW),
    included: presentQueueAppointmentIncluded(related, "en", NOW),
  } as QueueAppointmentDocument;
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
