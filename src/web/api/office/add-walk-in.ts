// POST /api/internal/v1/locations/{id}/queue: the front desk puts a visitor in the line, under the
// open join's rules (422 with pointers into the document on a refused field).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WalkInDocument } from "../../../shared/contracts/walk-in.ts";
import { paths } from "../../office/office-paths.ts";
import { applyLobbyEntry } from "./lobby-cache.ts";
import type { LobbyEntry } from "./location-queue.ts";
import { officeApi } from "./office-client.ts";

export type { WalkInDocument };

export async function addWalkIn(input: {
  locationId: string;
  document: WalkInDocument;
  /** the same key for a resend of the same form: the visitor is added once */
  idempotencyKey: string;
}): Promise<LobbyEntry> {
  const answer = await officeApi.post<{ data: LobbyEntry }>(
    paths.api.internal.locationQueue(input.locationId),
    input.document,
    { headers: { "Idempotency-Key": input.idempotencyKey } },
  );
  return answer.data;
}

export function useAddWalkIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWalkIn,
    onSuccess: (entry) => applyLobbyEntry(queryClient, entry),
  });
}
