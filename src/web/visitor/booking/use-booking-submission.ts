// Booking, as the queue form joins (spec §4 form flow): submitting (repeat presses ignored, one
// Idempotency-Key per content so a retry cannot book twice), then the appointment's confirmation
// page, opened with the answer already in place; or back to editing with the server's field errors
// on their fields and the error snackbar, or — the time taken meanwhile (409 slot_taken) — the
// nearest free times offered instead. The request itself loads with send-booking.ts.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { JoinRequest } from "../../../shared/queue/join-schema.ts";
import { trackBookingEvent } from "../../api/analytics.ts";
import { appointmentQueryKey } from "../../api/booking/appointment.ts";
import type { AvailableSlot } from "../../api/booking/availability.ts";
import { ApiError } from "../../api/client.ts";
import { newIdempotencyKey } from "../../api/idempotency-key.ts";
import { useNavigate, useSearchParams } from "../../routing/routing.tsx";
import type { ServerFieldError } from "../callback-service/server-field-errors.ts";
import type { JoinFailure } from "../callback-service/use-join-submission.ts";
import type { BookingPlacement } from "./booking-document.ts";
import { bookingPaths } from "./booking-paths.ts";
import type { FormParts } from "./form-parts.ts";
import { loadSendBooking } from "./use-attendee-form.ts";

/** The appointment's page: fetched while the booking is on its way. */
const loadAppointmentPage = () => import("./appointment-page.tsx");

type Options = {
  placement: BookingPlacement;
  onFieldErrors: (errors: ServerFieldError[]) => void;
  /** the queue form's reading of a refusal's field errors (form-parts.ts) */
  serverFieldErrors: FormParts["serverFieldErrors"];
};

export function useBookingSubmission({ placement, onFieldErrors, serverFieldErrors }: Options) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<JoinFailure | null>(null);
  const [taken, setTaken] = useState<AvailableSlot[] | null>(null);
  const inFlight = useRef(false);
  // Kept after a request that got no answer, so retrying the same content cannot book twice.
  const unanswered = useRef<{ key: string; body: string } | null>(null);

  const submit = useCallback(
    async (request: JoinRequest) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSubmitting(true);
      setFailure(null);
      setTaken(null);
      const event = { locationId: placement.locationId, serviceId: placement.serviceId };
      try {
        // The page's chunk arrives while the booking is answered, so it opens at once.
        loadAppointmentPage().catch((error: unknown) =>
          console.error("appointment page not preloaded", error),
        );
        const { bookAppointment, bookingDocument } = await loadSendBooking();
        const document = bookingDocument(request, placement);
        const body = JSON.stringify(document);
        const key =
          unanswered.current?.body === body ? unanswered.current.key : newIdempotencyKey();
        unanswered.current = { key, body };
        const answer = await bookAppointment({ document, idempotencyKey: key });
        unanswered.current = null;
        const { id, attributes } = answer.data;
        trackBookingEvent({
          name: "booking_success",
          ...event,
          bookedThrough: attributes.booked_through,
          meetingMethod: attributes.meeting_method,
        });
        // The page opens on the appointment as the answer gave it: no second wait.
        queryClient.setQueryData(
          appointmentQueryKey(id, attributes.confirm_code, placement.lang),
          answer,
        );
        navigate(
          bookingPaths.appointmentConfirmation({
            id,
            code: attributes.confirm_code,
            lang: placement.lang,
            mode: search.get("mode") ?? undefined,
          }),
        );
      } catch (error) {
        const answered = error instanceof ApiError;
        if (answered && error.status < 500) unanswered.current = null;
        else console.error("booking failed", error);
        trackBookingEvent({
          name: "booking_failure",
          ...event,
          status: answered ? error.status : null,
          code: answered ? (error.errors[0]?.code ?? null) : null,
        });
        const nearest = answered ? (await loadSendBooking()).nearestSlots(error) : null;
        if (nearest) {
          setTaken(nearest);
          void queryClient.invalidateQueries({ queryKey: ["availability"] });
        } else {
          const sentQuestionIds = request.answers.map((answer) => answer.question_id);
          const { fields, other } = serverFieldErrors(
            answered ? error.errors : [],
            sentQuestionIds,
          );
          onFieldErrors(fields);
          setFailure({
            detail: other[0]?.detail ?? null,
            messageId: fields.length ? "Form.fix_fields" : "Errors.general",
          });
        }
        inFlight.current = false;
        setSubmitting(false);
      }
    },
    [navigate, onFieldErrors, placement, queryClient, search, serverFieldErrors],
  );

  return {
    submit,
    submitting,
    failure,
    dismissFailure: () => setFailure(null),
    /** the nearest free times after a 409 slot_taken; null otherwise */
    taken,
    clearTaken: () => setTaken(null),
  };
}
