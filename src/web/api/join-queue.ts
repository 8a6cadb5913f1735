// POST /api/v2/open/queue-appointments (spec §7): joins a location's line. The body is the JSON:API
// document of docs/api.md built from the shared join rules' output; an Idempotency-Key makes a
// retried attempt return the first answer instead of joining twice.
import { useMutation } from "@tanstack/react-query";
import type { QueueAppointmentDocument } from "../../shared/contracts/queue-appointment.ts";
import type { Locale } from "../../shared/domain.ts";
import type { VisitorBookingSource } from "../../shared/queue/booking-source.ts";
import type { JoinRequest } from "../../shared/queue/join-schema.ts";
import { paths } from "../paths.ts";
import { api } from "./client.ts";

/** Where and how the visitor joins: everything of the document that is not form input. */
export type JoinPlacement = {
  locationId: string;
  serviceId: string;
  workflowId: string | null;
  bookedThrough: VisitorBookingSource;
  /** the page's raw `mode` query value, recorded as sent */
  mode: string | null;
  source: string | null;
  tracking: Record<string, string>;
  lang: Locale;
};

export type JoinDocument = ReturnType<typeof joinDocument>;

export function joinDocument(request: JoinRequest, placement: JoinPlacement) {
  const attributes = {
    location_id: placement.locationId,
    service_id: placement.serviceId,
    meeting_method: request.meeting_method,
    fulfillment_method: request.fulfillment_method,
    car_details: request.car_details,
    notes: request.notes,
    booked_through: placement.bookedThrough,
    lang: placement.lang,
    explicit_compliance_agreement: request.explicit_compliance_agreement,
    ...(placement.workflowId ? { workflow_id: placement.workflowId } : {}),
    ...(placement.mode ? { mode: placement.mode } : {}),
    ...(placement.source ? { source: placement.source } : {}),
    ...placement.tracking,
  };
  const client = {
    type: "clients" as const,
    attributes: {
      first_name: request.first_name,
      last_name: request.last_name,
      email: request.email,
      cell_phone: request.cell_phone,
      receive_sms: request.receive_sms,
      // The visitor's language for the messages sent to them: the page's.
      lang: placement.lang,
    },
  };
  const answers = request.answers.map((answer) => ({
    type: "answers" as const,
    attributes: { question_id: answer.question_id, value: answer.value },
  }));
  return {
    data: {
      type: "queue-appointments" as const,
      attributes,
      relationships: {
        client: { data: client },
        ...(answers.length ? { answers: { data: answers } } : {}),
      },
    },
  };
}

export type JoinAttempt = { document: JoinDocument; idempotencyKey: string };

export async function joinQueue({ document, idempotencyKey }: JoinAttempt) {
  return api.post<QueueAppointmentDocument>(paths.api.queueAppointments(), document, {
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

export function useJoinQueue() {
  return useMutation({ mutationFn: joinQueue });
}
