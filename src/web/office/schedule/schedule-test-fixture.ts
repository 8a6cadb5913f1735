// A schedule answer of Toronto on Monday 30 November 2026 (UTC−5), for the schedule's and the
// lobby's tests: two staff members with their shifts and a break, two services, and three booked
// appointments (confirmed, in progress, cancelled).
import type { ScheduleDocument, StaffAppointmentResource } from "../../api/office/schedule.ts";

export const DAY = "2026-11-30";
const at = (time: string, date = DAY) => `${date}T${time}:00-05:00`;

export function appointment(
  id: string,
  attributes: Partial<StaffAppointmentResource["attributes"]> = {},
): StaffAppointmentResource {
  return {
    type: "appointments",
    id,
    attributes: {
      status: 1,
      status_name: "confirmed",
      start: at("09:30"),
      end: at("10:00"),
      time_zone: "America/Toronto",
      location_id: "1",
      location_name: "Toronto — First Canadian Place",
      service_id: "3",
      service_name: "Mortgage advice",
      staff_id: "7",
      staff_name: "Ada Park",
      room_id: null,
      room_name: null,
      meeting_method: 1,
      destination: null,
      attendees: 1,
      notes: null,
      lang: "en",
      booked_through: "client_view",
      booked_by_name: null,
      converted_from_queue_appointment_id: null,
      arrived_at: null,
      started_at: null,
      finished_at: null,
      cancelled_at: null,
      created: "2026-11-20T15:00:00.000Z",
      version: 3,
      client: {
        id: "55",
        first_name: "Grace",
        last_name: "Hopper",
        email: "grace.hopper@example.com",
        cell_phone_formatted: null,
      },
      ...attributes,
    },
  };
}

export const GRACE = appointment("101", { room_name: "Room 2", room_id: "9" });
export const ALAN = appointment("102", {
  status: 5,
  status_name: "in_progress",
  start: at("10:00"),
  end: at("10:45"),
  staff_id: "8",
  staff_name: "Ben Ortiz",
  service_id: "4",
  service_name: "Account opening",
  booked_through: "call_centre",
  booked_by_name: "Katarzyna Nowak",
  client: {
    id: "56",
    first_name: "Alan",
    last_name: "Turing",
    email: null,
    cell_phone_formatted: null,
  },
});
export const CANCELLED = appointment("103", {
  status: 4,
  status_name: "cancelled",
  start: at("14:00"),
  end: at("14:30"),
  client: {
    id: "57",
    first_name: "Edsger",
    last_name: "Dijkstra",
    email: null,
    cell_phone_formatted: null,
  },
});

export function scheduleDocument(
  included: StaffAppointmentResource[] = [GRACE, ALAN, CANCELLED],
  dates: string[] = [DAY],
): ScheduleDocument {
  return {
    data: {
      type: "schedules",
      id: `1:${dates[0]}:${dates.length}`,
      attributes: {
        location_id: "1",
        location_name: "Toronto — First Canadian Place",
        time_zone: "America/Toronto",
        days: dates.map((date, index) => ({
          date,
          start: at("00:00", date),
          end: at("00:00", dates[index + 1] ?? "2026-12-01"),
          opening: [{ start: at("09:00", date), end: at("17:00", date) }],
        })),
        staff: [
          {
            id: "7",
            display_name: "Ada Park",
            service_ids: ["3", "4"],
            shifts: [{ start: at("09:00"), end: at("17:00") }],
            breaks: [{ start: at("12:00"), end: at("12:30"), kind: "break" }],
          },
          {
            id: "8",
            display_name: "Ben Ortiz",
            service_ids: ["4"],
            shifts: [{ start: at("10:00"), end: at("16:00") }],
            breaks: [],
          },
        ],
        rooms: [{ id: "9", name: "Room 2", capacity: 2 }],
        services: [
          { id: "3", name: "Mortgage advice", duration_minutes: 30, meeting_methods: [1, 2, 3] },
          { id: "4", name: "Account opening", duration_minutes: 45, meeting_methods: [1] },
        ],
      },
    },
    included,
  };
}

export const freeSlots = (times: string[], staffIds = ["7"]) => ({
  data: [
    {
      type: "availability-days" as const,
      id: DAY,
      attributes: {
        date: DAY,
        slots: times.map((time) => ({
          start: at(time),
          end: at(time), // the dialogs show a slot's start only
          staff_ids: staffIds,
        })),
      },
    },
  ],
});
