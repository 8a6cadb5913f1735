// POST /api/internal/v1/queue-appointments/{id}/transfer: a waiting visitor to another service or
// location's line, keeping their place by arrival time. Answers with the visitor as the new line
// shows them; the line they left drops them at once and is read again.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { paths } from "../../office/office-paths.ts";
import { applyLobbyEntry } from "./lobby-cache.ts";
import { type LobbyEntry, type LobbyQueueDocument, locationQueueKey } from "./location-queue.ts";
import { officeApi } from "./office-client.ts";

export type TransferInput = { entry: LobbyEntry; locationId: string; serviceId: string };

export async function transferQueueAppointment(input: TransferInput): Promise<LobbyEntry> {
  const answer = await officeApi.post<{ data: LobbyEntry }>(
    paths.api.internal.queueAppointmentTransfer(input.entry.id),
    {
      data: {
        type: "queue-appointment-transfers",
        attributes: { location_id: input.locationId, service_id: input.serviceId },
      },
    },
  );
  return answer.data;
}

export function useTransferQueueAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferQueueAppointment,
    onSuccess: (entry, input) => {
      const left = locationQueueKey(input.entry.attributes.location_id);
      if (input.entry.attributes.location_id !== entry.attributes.location_id) {
        queryClient.setQueriesData<LobbyQueueDocument>(
          { queryKey: left },
          (document) =>
            document && { ...document, data: document.data.filter((row) => row.id !== entry.id) },
        );
        void queryClient.invalidateQueries({ queryKey: left });
      }
      applyLobbyEntry(queryClient, entry);
    },
  });
}
