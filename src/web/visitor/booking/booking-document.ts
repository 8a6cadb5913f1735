// The booking document of POST /api/v2/open/appointments (src/shared/contracts/appointment.ts),
// built from the form's checked values (the queue join's shared rules: JoinRequest) and the choices
// the steps made. Only what the contract takes is sent: it refuses unknown members.
import type { Locale } from "../../../shared/domain.ts";
import type { JoinRequest } from "../../../shared/queue/join-schema.ts";
import type { AppointmentBookingDocument } from "../../api/booking/book-appointment.ts";
import type { BookingMethod } from "./booking-query.ts";

export type BookingPlacement = {
  locationId: string;
  serviceId: string;
  /** null: any staff member who is free */
  staffId: string | null;
  meetingMethod: BookingMethod;
  start: string;
  attendees: number | null;
  lang: Locale;
  kiosk: boolean;
  /** the queue place this booking replaces (spec §4 Convert) */
  conversion: { queueAppointmentId: string; code: string } | null;
};

export function bookingDocument(
  request: JoinRequest,
  placement: BookingPlacement,
): AppointmentBookingDocument {
  const answers = request.answers.map((answer) => ({
    type: "answers" as const,
    attributes: { question_id: answer.question_id, value: answer.value },
  }));
  return {
    data: {
      type: "appointments",
      attributes: {
        location_id: placement.locationId,
        service_id: placement.serviceId,
        staff_id: placement.staffId,
        meeting_method: placement.meetingMethod,
        start: placement.start,
        ...(placement.attendees !== null ? { attendees: placement.attendees } : {}),
        notes: request.notes,
        lang: placement.lang,
        booked_through: placement.kiosk ? "kiosk" : "client_view",
        explicit_compliance_agreement: request.explicit_compliance_agreement,
        ...(placement.conversion
          ? {
              converted_from: {
                queue_appointment_id: placement.conversion.queueAppointmentId,
                confirm_code: placement.conversion.code,
              },
            }
          : {}),
      },
      relationships: {
        client: {
          data: {
            type: "clients",
            attributes: {
              first_name: request.first_name,
              last_name: request.last_name,
              email: request.email,
              cell_phone: request.cell_phone,
              receive_sms: request.receive_sms,
              // The visitor's language for the messages sent to them: the page's.
              lang: placement.lang,
            },
          },
        },
        ...(answers.length ? { answers: { data: answers } } : {}),
      },
    },
  };
}
