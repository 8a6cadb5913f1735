// PATCH /api/internal/v1/queue-appointments/{id}: start, complete, no-show, cancel or return a
// visitor (the transition table's changes only), set a remote visit's meeting link and dial-in,
// mark a curbside visitor arrived. Answers with the visitor as the lobby shows them.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PatchAttributes } from "../../../shared/contracts/queue-appointment-patch.ts";
import { paths } from "../../office/office-paths.ts";
import { applyLobbyEntry } from "./lobby-cache.ts";
import type { LobbyEntry } from "./location-queue.ts";
import { officeApi } from "./office-client.ts";

/** What the lobby may send; dial_in.e164 is the number as typed (the server normalises it). */
export type QueueAppointmentChange = PatchAttributes;

export async function updateQueueAppointment(input: {
  id: string;
  attributes: QueueAppointmentChange;
}): Promise<LobbyEntry> {
  const answer = await officeApi.patch<{ data: LobbyEntry }>(
    paths.api.internal.queueAppointment(input.id),
    { data: { id: input.id, type: "queue-appointments", attributes: input.attributes } },
  );
  return answer.data;
}

export function useUpdateQueueAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQueueAppointment,
    onSuccess: (entry) => applyLobbyEntry(queryClient, entry),
  });
}
