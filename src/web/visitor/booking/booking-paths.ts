// The booking steps' addresses and the open API endpoints they call (docs/api.md "Availability",
// "Appointments"). Kept apart from paths.ts, which every visitor page's entry carries, as the
// office keeps its own (office-paths.ts): only the booking chunks need these (the entry is what
// every visitor page pays for first; paths.ts keeps the flow's first step, which the kiosk and the
// queue's pages link to).
import { type Query, segment, withQuery } from "../../paths.ts";

/** The booking flow's steps (spec §2 "Client booking steps"), as their paths name them. */
export type BookingStepPath =
  | "select-service"
  | "select-location"
  | "select-staff"
  | "select-timeslot"
  | "select-attendees"
  | "attendee-details";

export type AppointmentPageQuery = {
  id: string;
  code: string;
  lang?: string;
  mode?: string;
  /** set after a reschedule: the page says the appointment was moved */
  rescheduled?: 1;
};

export const bookingPaths = {
  /** one step of the flow; the whole choice so far travels in the query (decision 0026) */
  step: (step: BookingStepPath, query?: Query) => withQuery(`/${step}`, query),
  /** a location's details within the location step (spec §2: the current path + /{id}) */
  locationDetails: (locationId: string | number, query?: Query) =>
    withQuery(`/select-location/${segment(locationId)}`, query),

  /** a booked appointment's page: right after booking, and from its messages to manage it */
  appointmentConfirmation: (query: AppointmentPageQuery) =>
    withQuery("/appointments/confirmation", query),
  appointmentManage: (query: AppointmentPageQuery) => withQuery("/appointments/manage", query),

  api: {
    /** GET the free appointment slots of a service at a location over a range of local days */
    availability: () => "/api/v2/open/availability",
    /** GET the staff who serve a service at a location */
    locationStaff: (locationId: string | number) =>
      `/api/v2/open/locations/${segment(locationId)}/staff`,
    /** POST: book an appointment */
    appointments: () => "/api/v2/open/appointments",
    /** GET an appointment with its confirm code; PATCH cancels or moves it */
    appointment: (id: string | number) => `/api/v2/open/appointments/${segment(id)}`,
    /** the appointment as a calendar file (text/calendar), for "Add to calendar" */
    appointmentCalendar: (id: string | number, code: string) =>
      withQuery(`/api/v2/open/appointments/${segment(id)}.ics`, { code }),
  },
} as const;
