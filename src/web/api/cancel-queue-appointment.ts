// PATCH /api/v2/open/queue-appointments/{id} (spec §4 Cancel, §7): the visitor withdraws their place
// with the confirm code; the answer is the cancelled appointment, stored in place of the old one.
import { mutationOptions, type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import type { QueueAppointmentCancel } from "../../shared/contracts/queue-appointment.ts";
import { paths } from "../paths.ts";
import { api } from "./client.ts";
import type { QueueAppointmentDocument } from "./queue-appointment.ts";

export type CancelRequest = { id: string; code: string };

export function cancelQueueAppointment({ id, code }: CancelRequest) {
  const body: QueueAppointmentCancel = {
    data: {
      id,
      type: "queue-appointments",
      attributes: { status: "cancelled", confirm_code: code },
    },
  };
  return api.patch<QueueAppointmentDocument>(paths.api.queueAppointment(id), body);
}

export const cancelQueueAppointmentMutationOptions = () =>
  mutationOptions({
    mutationKey: ["cancel-queue-appointment"],
    mutationFn: cancelQueueAppointment,
  });

/** Cancels, then puts the returned appointment into the page's query (`queryKey`). */
export function useCancelQueueAppointment(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    ...cancelQueueAppointmentMutationOptions(),
    onSuccess: (document) => queryClient.setQueryData(queryKey, document),
  });
}
