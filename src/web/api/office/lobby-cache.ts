// Lays a visitor the server has just answered with over the cached lines, so the lobby shows an
// action's outcome at once; the re-read that follows (and realtime) brings positions and waits.
import type { QueryClient } from "@tanstack/react-query";
import { FINAL_QUEUE_STATUSES } from "../../../shared/domain.ts";
import { lobbyCounts } from "../../../shared/lobby/lobby-counts.ts";
import { type LobbyEntry, type LobbyQueueDocument, locationQueueKey } from "./location-queue.ts";

/** The document with `entry` replaced, added, or (once its visit has ended) removed. */
export function withLobbyEntry(
  document: LobbyQueueDocument | undefined,
  entry: LobbyEntry,
): LobbyQueueDocument | undefined {
  if (!document) return document;
  const others = document.data.filter((row) => row.id !== entry.id);
  const ended = FINAL_QUEUE_STATUSES.includes(entry.attributes.status);
  const data = ended ? others : [...others, entry];
  return {
    ...document,
    data,
    meta: {
      ...document.meta,
      counts: lobbyCounts(data),
    },
  };
}

export function applyLobbyEntry(queryClient: QueryClient, entry: LobbyEntry) {
  const key = locationQueueKey(entry.attributes.location_id);
  queryClient.setQueriesData<LobbyQueueDocument>({ queryKey: key }, (document) =>
    withLobbyEntry(document, entry),
  );
  void queryClient.invalidateQueries({ queryKey: key });
}
