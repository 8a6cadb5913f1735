// POST /api/internal/v1/locations/{id}/queue/next: starts serving the first waiting visitor this
// staff member can serve; null when there is none. 409 already_serving while serving someone.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { paths } from "../../office/office-paths.ts";
import { applyLobbyEntry } from "./lobby-cache.ts";
import type { LobbyEntry } from "./location-queue.ts";
import { officeApi } from "./office-client.ts";

export async function callNext(locationId: string): Promise<LobbyEntry | null> {
  const answer = await officeApi.post<{ data: LobbyEntry | null }>(
    paths.api.internal.callNext(locationId),
    {},
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
