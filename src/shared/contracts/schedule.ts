// The staff's schedule and their side of booked appointments (docs/schedule.md):
// GET /api/internal/v1/schedule (a location's days: who works when, rooms, appointments),
// GET /api/internal/v1/availability (free times as staff may book them),
// POST /api/internal/v1/appointments (book on a client's behalf),
// GET|PATCH /api/internal/v1/appointments/{id} (move, cancel, arrived, start, complete, no-show;
// If-Match on the appointment's version). Strict: unknown members are refused.
import { z } from "zod";
import { storableText } from "../queue/storable-text.ts";
import {
  APPOINTMENT_STATUS_NAMES,
  availableSlotSchema,
  bookingMeetingMethod,
  instant,
} from "./appointment.ts";
import { calendarDate } from "./calendar-date.ts";
import { answerDocument, clientAttributes } from "./queue-appointment-join.ts";
import { resourceIdString, resourceIdValue } from "./resource-id.ts";

const text = (max: number) => storableText(max).nullish();

/** The views of the schedule page: one day, or the seven days from `date`. */
export const SCHEDULE_SPANS = [1, 7] as const;

/** GET /schedule?location_id=&date=YYYY-MM-DD&days=1|7 */
export const scheduleQuerySchema = z
  .object({
    location_id: resourceIdString,
    date: calendarDate.describe("the first local day shown, in the location's zone"),
    days: z.enum(["1", "7"]).default("1").describe("1: the day; 7: the week from date"),
  })
  .strict();
export type ScheduleQuery = z.input<typeof scheduleQuerySchema>;

const span = z.object({ start: z.string(), end: z.string() });

/** A booked appointment as staff see it (schedule, lobby, a client's appointments). */
export const staffAppointmentResourceSchema = z.object({
  type: z.literal("appointments"),
  id: z.string(),
  attributes: z.object({
    status: z.number().int().min(1).max(6),
    status_name: z.enum(APPOINTMENT_STATUS_NAMES),
    start: z.string().describe("ISO 8601 with the location's offset"),
    end: z.string(),
    time_zone: z.string(),
    location_id: z.string(),
    location_name: z.string(),
    service_id: z.string(),
    service_name: z.string(),
    staff_id: z.string().nullable(),
    staff_name: z.string().nullable().describe("first name and last name"),
    room_id: z.string().nullable(),
    room_name: z.string().nullable(),
    meeting_method: z.number().int(),
    destination: z.string().nullable(),
    attendees: z.number().int(),
    notes: z.string().nullable(),
    lang: z.string(),
    booked_through: z.string(),
    booked_by_name: z
      .string()
      .nullable()
      .describe("the staff member who booked it, if not the client"),
    converted_from_queue_appointment_id: z.string().nullable(),
    arrived_at: z.string().nullable().describe("the client checked in (still confirmed)"),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    created: z.string(),
    version: z.number().int().describe("the If-Match of a PATCH"),
    client: z.object({
      id: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string().nullable(),
      cell_phone_formatted: z.string().nullable(),
    }),
  }),
});
export type StaffAppointmentResource = z.infer<typeof staffAppointmentResourceSchema>;
export const staffAppointmentDocumentSchema = z.object({ data: staffAppointmentResourceSchema });
export type StaffAppointmentDocument = z.infer<typeof staffAppointmentDocumentSchema>;

/** GET /schedule: the location's days, its working staff and rooms, and their appointments. */
export const scheduleDocumentSchema = z.object({
  data: z.object({
    type: z.literal("schedules"),
    id: z.string().describe("{location id}:{date}:{days}"),
    attributes: z.object({
      location_id: z.string(),
      location_name: z.string(),
      time_zone: z.string(),
      days: z.array(
        z.object({
          date: z.string().describe("YYYY-MM-DD in the location's zone"),
          start: z.string().describe("local midnight"),
          end: z.string().describe("the next local midnight"),
          opening: z.array(span).describe("the location's open periods that day (none: closed)"),
        }),
      ),
      staff: z.array(
        z.object({
          id: z.string(),
          display_name: z.string(),
          /** the services of the location this person serves */
          service_ids: z.array(z.string()),
          shifts: z.array(span),
          breaks: z.array(span.extend({ kind: z.enum(["break", "time_off"]) })),
        }),
      ),
      rooms: z.array(z.object({ id: z.string(), name: z.string(), capacity: z.number().int() })),
      services: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          duration_minutes: z.number().int(),
          meeting_methods: z.array(z.number().int()).describe("booking meeting methods offered"),
        }),
      ),
    }),
  }),
  included: z
    .array(staffAppointmentResourceSchema)
    .describe("the appointments overlapping the days, every status"),
});
export type ScheduleDocument = z.infer<typeof scheduleDocumentSchema>;

/** GET /availability (staff): as the open one, but at private locations too and without the client view's time in advance or window. */
export const staffAvailabilityQuerySchema = z
  .object({
    location_id: resourceIdString,
    service_id: resourceIdString,
    staff_id: resourceIdString.optional(),
    meeting_method: z.enum(["1", "2", "3", "4"]).optional(),
    attendees: z
      .string()
      .regex(/^[1-9][0-9]?$/, "Errors.invalid_value")
      .optional(),
    from: calendarDate,
    to: calendarDate,
    /** an appointment being moved does not hold its own time */
    ignore_appointment_id: resourceIdString.optional(),
  })
  .strict();

export const staffAvailabilityDocumentSchema = z.object({
  data: z.array(
    z.object({
      type: z.literal("availability-days"),
      id: z.string().describe("YYYY-MM-DD"),
      attributes: z.object({ date: z.string(), slots: z.array(availableSlotSchema) }),
    }),
  ),
});
export type StaffAvailabilityDocument = z.infer<typeof staffAvailabilityDocumentSchema>;

/**
 * POST /appointments: book on a client's behalf. The client is either an existing one (its id) or
 * a new one (its attributes, under the vendor's contact rules as the visitor form's).
 */
export const staffBookingSchema = z
  .object({
    data: z
      .object({
        type: z.literal("appointments"),
        attributes: z
          .object({
            location_id: resourceIdValue,
            service_id: resourceIdValue,
            staff_id: resourceIdValue.nullish(),
            meeting_method: bookingMeetingMethod.optional(),
            start: instant,
            attendees: z.number().int().min(1).max(50).optional(),
            notes: text(10_000),
            destination: text(1000),
            /** a waiting queue place converted into this booking (the place is cancelled with it) */
            converted_from_queue_appointment_id: resourceIdValue.nullish(),
          })
          .strict(),
        relationships: z
          .object({
            client: z
              .object({
                data: z.union([
                  z.object({ type: z.literal("clients"), id: z.string().max(12) }).strict(),
                  z.object({ type: z.literal("clients"), attributes: clientAttributes }).strict(),
                ]),
              })
              .strict(),
            answers: z
              .object({ data: z.array(answerDocument).max(200) })
              .strict()
              .optional(),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();
export type StaffBooking = z.output<typeof staffBookingSchema>;
export type StaffBookingInput = z.input<typeof staffBookingSchema>;

/**
 * PATCH /appointments/{id} (If-Match: its version): exactly one change —
 * move (`start`, optionally `staff_id`), `arrived: true`, or a status: 4 cancel, 5 start,
 * 2 complete, 3 no-show. Allowed: confirmed → cancelled / in progress / no-show / moved / arrived;
 * in progress → completed.
 */
export const staffAppointmentPatchSchema = z
  .object({
    data: z
      .object({
        type: z.literal("appointments"),
        id: z.string().max(12).optional(),
        attributes: z.union([
          z.object({ start: instant, staff_id: resourceIdValue.nullish() }).strict(),
          z.object({ arrived: z.literal(true) }).strict(),
          z
            .object({ status: z.union([z.literal(2), z.literal(3), z.literal(4), z.literal(5)]) })
            .strict(),
        ]),
      })
      .strict(),
  })
  .strict();
export type StaffAppointmentPatch = z.output<typeof staffAppointmentPatchSchema>;
export type StaffAppointmentPatchInput = z.input<typeof staffAppointmentPatchSchema>;

/** Realtime, staff location channel, event `AppointmentChanged`: the schedule and lobby refetch. */
export const appointmentChangedPayloadSchema = z.object({
  appointment_id: z.string(),
  location_id: z.string(),
  start: z.string(),
});
export type AppointmentChangedPayload = z.infer<typeof appointmentChangedPayloadSchema>;
/** The event's whole payload, `{ data: … }` as every realtime payload (docs/realtime.md). */
export const appointmentChangedSchema = z.strictObject({ data: appointmentChangedPayloadSchema });
export type AppointmentChanged = z.infer<typeof appointmentChangedSchema>;
