// The form flow of spec §4: editing → submitting (repeat submits ignored) → the confirmation page,
// opened once it is ready to show, or back to editing with the server's field errors on their
// fields and an error snackbar.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { JoinRequest } from "../../../shared/queue/join-schema.ts";
import type { BookingEvent } from "../../api/analytics.ts";
import { ApiError } from "../../api/client.ts";
import { newIdempotencyKey } from "../../api/idempotency-key.ts";
import type { JoinPlacement } from "../../api/join-queue.ts";
import { paths } from "../../paths.ts";
import { useNavigate } from "../../routing/routing.tsx";
import { prepareConfirmation } from "../confirmation/confirmation-route.tsx";
import type { CallbackPageQuery } from "./page-query.ts";
import { type ServerFieldError, serverFieldErrors } from "./server-field-errors.ts";

/** The join request's builder and sender: fetched once the form is idle (use-callback-form.ts). */
export const loadJoinRequest = () => import("../../api/join-queue.ts");

/** Booking events load their sender once a join is answered: the form's first load carries none of it. */
function trackBookingEvent(event: BookingEvent) {
  import("../../api/analytics.ts")
    .then((analytics) => analytics.trackBookingEvent(event))
    .catch((error: unknown) => console.error("booking event not sent", error));
}

/** What the snackbar says: the server's own words, or a catalog id when it gave none. */
export type JoinFailure = { detail: string | null; messageId: string };

type Options = {
  placement: Omit<JoinPlacement, "serviceId">;
  query: CallbackPageQuery;
  onFieldErrors: (errors: ServerFieldError[]) => void;
};

export function useJoinSubmission({ placement, query, onFieldErrors }: Options) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<JoinFailure | null>(null);
  const inFlight = useRef(false);
  // Kept after a request that got no answer, so retrying the same content cannot join twice.
  const unanswered = useRef<{ key: string; body: string } | null>(null);

  const submit = useCallback(
    async (request: JoinRequest, serviceId: string) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSubmitting(true);
      setFailure(null);
      const base = { locationId: placement.locationId, serviceId };
      try {
        const { joinDocument, joinQueue } = await loadJoinRequest();
        const document = joinDocument(request, { ...placement, serviceId });
        const body = JSON.stringify(document);
        const key =
          unanswered.current?.body === body ? unanswered.current.key : newIdempotencyKey();
        unanswered.current = { key, body };
        const answer = await joinQueue({ document, idempotencyKey: key });
        unanswered.current = null;
        trackBookingEvent({
          name: "booking_success",
          ...base,
          bookedThrough: answer.data.attributes.booked_through,
          meetingMethod: answer.data.attributes.meeting_method,
        });
        const booking = {
          id: answer.data.id,
          code: answer.data.attributes.confirm_code,
          locale: placement.lang,
        };
        // The busy button stays until the confirmation can show at once: no blank page between.
        await prepareConfirmation(queryClient, booking).catch((error: unknown) => {
          console.error("confirmation not preloaded", error);
        });
        navigate(
          paths.confirmation({
            id: booking.id,
            code: booking.code,
            lang: placement.lang,
            mode: query.mode ?? undefined,
            use_new_kiosk: query.useNewKiosk || undefined,
            keep: query.keep,
          }),
        );
      } catch (error) {
        const answered = error instanceof ApiError;
        if (answered && error.status < 500) unanswered.current = null;
        trackBookingEvent({
          name: "booking_failure",
          ...base,
          status: answered ? error.status : null,
          code: answered ? (error.errors[0]?.code ?? null) : null,
        });
        if (!answered) console.error("joining the line failed", error);
        const sentQuestionIds = request.answers.map((answer) => answer.question_id);
        const { fields, other } = serverFieldErrors(answered ? error.errors : [], sentQuestionIds);
        onFieldErrors(fields);
        const detail = other[0]?.detail ?? null;
        setFailure({ detail, messageId: fields.length ? "Form.fix_fields" : "Errors.general" });
        // A refusal about the vendor or the location (closed, private, switched off) changes the
        // page itself: reload both, and the notice that applies replaces the form.
        if (answered && (error.status === 403 || error.status === 409)) {
          void queryClient.invalidateQueries({ queryKey: ["location", placement.locationId] });
          void queryClient.invalidateQueries({ queryKey: ["vendor"] });
        }
        inFlight.current = false;
        setSubmitting(false);
      }
    },
    [navigate, onFieldErrors, placement, query, queryClient],
  );

  return { submit, submitting, failure, dismissFailure: () => setFailure(null) };
}
