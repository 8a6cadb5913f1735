// PATCH /api/v2/open/appointments/{id}?code= (docs/api.md "Appointments"): the visitor cancels a
// booked appointment (status 4) or moves it to another free start (and staff member). The answer is
// the appointment as it now is, put in place of the page's copy.
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  AppointmentDocument,
  appointmentChangeSchema,
} from "../../../shared/contracts/appointment.ts";
import { bookingPaths } from "../../visitor/booking/booking-paths.ts";
import { api } from "../client.ts";

type ChangeAttributes = z.input<typeof appointmentChangeSchema>["data"]["attributes"];
export type AppointmentChangeRequest = { id: string; code: string; attributes: ChangeAttributes };

/** Spec §4 appointment status 4, cancelled (domain.ts APPOINTMENT_STATUSES). */
const CANCELLED = 4;

export function changeAppointment({ id, code, attributes }: AppointmentChangeRequest) {
  const body: z.input<typeof appointmentChangeSchema> = {
    data: { type: "appointments", id, attributes },
  };
  return api.patch<AppointmentDocument>(bookingPaths.api.appointment(id), body, {
    query: { code },
  });
}

/** Cancels, then puts the cancelled appointment into the page's query (`queryKey`). */
export function useCancelAppointment(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["cancel-appointment"],
    mutationFn: (request: { id: string; code: string }) =>
      changeAppointment({ ...request, attributes: { status: CANCELLED } }),
    onSuccess: (document) => queryClient.setQueryData(queryKey, document),
  });
}

/** Moves the appointment to `start` (with `staffId`, when the visitor chose who). */
export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["reschedule-appointment"],
    mutationFn: (request: { id: string; code: string; start: string; staffId: string | null }) =>
      changeAppointment({
        id: request.id,
        code: request.code,
        attributes: {
          start: request.start,
          ...(request.staffId ? { staff_id: request.staffId } : {}),
        },
      }),
    // The manage page it returns to reads the moved appointment afresh.
    onSuccess: (_document, request) =>
      queryClient.invalidateQueries({ queryKey: ["appointment", request.id] }),
  });
}
