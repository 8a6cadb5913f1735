// POST /api/internal/v1/locations/{id}/queue/next: calls the first waiting visitor this staff member
// can serve to their desk; null when there is none. 409 already_serving while they have a visitor
// called or in a meeting.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { paths } from "../../office/office-paths.ts";
import { applyLobbyEntry } from "./lobby-cache.ts";
import type { LobbyEntry } from "./location-queue.ts";
import { officeApi } from "./office-client.ts";

export async function callNext(input: {
  locationId: string;
  /** the desk the visitor is called to; the staff member's own desk at the location when null */
  desk: string | null;
}): Promise<LobbyEntry | null> {
  const answer = await officeApi.post<{ data: LobbyEntry | null }>(
    paths.api.internal.callNext(input.locationId),
    input.desk ? { data: { type: "queue-calls", attributes: { desk: input.desk } } } : {},
  );
  return answer.data;
}

export function useCallNext() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: callNext,
    onSuccess: (entry) => {
      if (entry) applyLobbyEntry(queryClient, entry);
    },
  });
}
