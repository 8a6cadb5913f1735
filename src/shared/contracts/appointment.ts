// The JSON:API documents of booked appointments on the open API (docs/api.md, "Appointments"):
// what a visitor sends to book, cancel or reschedule, and what they are answered. Strict: unknown
// members are refused. The web builds and reads them; the routes parse and present them.
import { z } from "zod";
import { storableText } from "../queue/storable-text.ts";
import { answerDocument, clientAttributes } from "./queue-appointment-join.ts";
import { resourceIdString, resourceIdValue } from "./resource-id.ts";

const text = (max: number) => storableText(max).nullish();

/** Spec §4 appointment statuses. */
export const APPOINTMENT_STATUSES = {
  confirmed: 1,
  completed: 2,
  no_show: 3,
  cancelled: 4,
  in_progress: 5,
  served: 6,
} as const;
export type AppointmentStatusName = keyof typeof APPOINTMENT_STATUSES;
export const APPOINTMENT_STATUS_NAMES = Object.keys(APPOINTMENT_STATUSES) as [
  AppointmentStatusName,
  ...AppointmentStatusName[],
];

/** Spec §4 booking meeting methods: 1 in person, 2 phone, 3 video, 4 off site. */
export const BOOKING_MEETING_METHODS = [1, 2, 3, 4] as const;
export type BookingMeetingMethod = (typeof BOOKING_MEETING_METHODS)[number];
export const bookingMeetingMethod = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
  .describe("1 in person, 2 phone, 3 video, 4 off site (at the client's address)");

/** An instant with its offset, as the availability answer gives a slot's start. */
export const instant = z
  .string()
  .max(40)
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/,
    "Errors.invalid_value",
  )
  .refine((value) => !Number.isNaN(Date.parse(value)), "Errors.invalid_value");

export const appointmentBookingSchema = z
  .object({
    data: z
      .object({
        type: z.literal("appointments"),
        attributes: z
          .object({
            location_id: resourceIdValue,
            service_id: resourceIdValue,
            staff_id: resourceIdValue
              .nullish()
              .describe("the staff member chosen; absent or null: any available staff member"),
            meeting_method: bookingMeetingMethod.optional(),
            start: instant.describe("a slot's start as the availability answer gives it"),
            attendees: z.number().int().min(1).max(50).optional(),
            notes: text(10_000),
            lang: text(20),
            booked_through: z.enum(["client_view", "kiosk"]).optional(),
            /** an off-site meeting's address (meeting method 4) */
            destination: text(1000),
            explicit_compliance_agreement: z.boolean().optional(),
            converted_from: z
              .object({ queue_appointment_id: resourceIdValue, confirm_code: storableText(64) })
              .strict()
              .nullish()
              .describe(
                "a queue place being converted (spec §4 Convert): cancelled when the booking is made",
              ),
          })
          .strict(),
        relationships: z
          .object({
            client: z
              .object({
                data: z
                  .object({ type: z.literal("clients"), attributes: clientAttributes })
                  .strict(),
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
export type AppointmentBooking = z.output<typeof appointmentBookingSchema>;

/** PATCH: cancel (status 4) or reschedule (a new start, and optionally another staff member). */
export const appointmentChangeSchema = z
  .object({
    data: z
      .object({
        type: z.literal("appointments"),
        id: z.string().max(12),
        attributes: z.union([
          z.object({ status: z.literal(4) }).strict(),
          z
            .object({
              start: instant,
              staff_id: resourceIdValue.nullish(),
            })
            .strict(),
        ]),
      })
      .strict(),
  })
  .strict();
export type AppointmentChange = z.output<typeof appointmentChangeSchema>;

export const appointmentResourceSchema = z.object({
  type: z.literal("appointments"),
  id: z.string(),
  attributes: z.object({
    status: z.number().int().min(1).max(6).describe("spec §4: 1 confirmed … 6 served"),
    status_name: z.enum(APPOINTMENT_STATUS_NAMES),
    confirm_code: z.string(),
    start: z.string().describe("ISO 8601 with the location's offset"),
    end: z.string(),
    time_zone: z.string().describe("the location's IANA zone"),
    meeting_method: z.number().int(),
    destination: z.string().nullable(),
    attendees: z.number().int(),
    notes: z.string().nullable(),
    lang: z.string(),
    booked_through: z.string(),
    location_id: z.string(),
    service_id: z.string(),
    staff_id: z.string().nullable(),
    converted_from_queue_appointment_id: z.string().nullable(),
    reschedulable: z
      .boolean()
      .describe("the vendor's time to reschedule has not passed and the appointment is confirmed"),
    cancellable: z
      .boolean()
      .describe("the vendor's time to cancel has not passed and the appointment is confirmed"),
    created: z.string(),
    location: z.object({
      name: z.string(),
      address: z.string().nullable(),
      city: z.string().nullable(),
      phone: z.string().nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    }),
    service: z.object({ name: z.string(), duration_minutes: z.number().int() }),
    staff: z.object({ display_name: z.string() }).nullable(),
    client: z.object({
      first_name: z.string(),
      last_name: z.string(),
      email: z.string().nullable(),
      cell_phone_formatted: z.string().nullable(),
    }),
  }),
});
export type AppointmentResource = z.infer<typeof appointmentResourceSchema>;

export const appointmentDocumentSchema = z.object({ data: appointmentResourceSchema });
export type AppointmentDocument = z.infer<typeof appointmentDocumentSchema>;

/** A slot as the availability answer and a 409's `meta.nearest` give it. */
export const availableSlotSchema = z.object({
  start: z.string(),
  end: z.string(),
  staff_ids: z.array(z.string()),
});

/** GET /api/v2/open/locations/{id}/staff?service_id=: whom the booking's staff step offers. */
export const bookableStaffQuerySchema = z.object({
  service_id: resourceIdString.describe("the service to be booked"),
});

export const bookableStaffDocumentSchema = z.object({
  data: z.array(
    z.object({
      type: z.literal("staff"),
      id: z.string(),
      attributes: z.object({
        display_name: z.string().describe("first name and last initial"),
        languages: z.array(z.string()).describe("the languages they speak (BCP 47 tags)"),
      }),
    }),
  ),
});
export type BookableStaffDocument = z.infer<typeof bookableStaffDocumentSchema>;
