// GET /api/internal/v1/queue-appointments/{id}/messages: what was sent to a visitor and what they
// replied, oldest first. Read when the visitor's details open; realtime's
// QueueAppointmentMessagesChanged re-reads it (the lobby invalidates visitMessagesKey(id)).
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { MessageResource, VisitMessagesDocument } from "../../../shared/contracts/messages.ts";
import { paths } from "../../office/office-paths.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";
import type { StaffLocationEvent } from "./use-staff-location-events.ts";

export type { MessageResource, VisitMessagesDocument };

/** Every visit's messages (invalidate with this after a reconnect). */
export const allVisitMessagesKey = [OFFICE_QUERY_ROOT, "visit-messages"] as const;
export const visitMessagesKey = (queueAppointmentId: string) =>
  [...allVisitMessagesKey, queueAppointmentId] as const;

export function getVisitMessages(queueAppointmentId: string, signal?: AbortSignal) {
  return officeApi.get<VisitMessagesDocument>(
    paths.api.internal.queueAppointmentMessages(queueAppointmentId),
    { signal },
  );
}

export const visitMessagesQueryOptions = (queueAppointmentId: string) =>
  queryOptions({
    queryKey: visitMessagesKey(queueAppointmentId),
    queryFn: ({ signal }) => getVisitMessages(queueAppointmentId, signal),
    placeholderData: (previous) => previous,
  });

export function useVisitMessages(queueAppointmentId: string) {
  return useQuery(visitMessagesQueryOptions(queueAppointmentId));
}

/**
 * Re-reads a visit's messages when realtime says they changed, and every visit's after a reconnect.
 * Only the details that are open hold an active query, so nothing else is fetched.
 */
export function refreshVisitMessages(queryClient: QueryClient, event: StaffLocationEvent) {
  if (event.kind === "messages-changed")
    void queryClient.invalidateQueries({ queryKey: visitMessagesKey(event.queueAppointmentId) });
  else if (event.kind === "resync")
    void queryClient.invalidateQueries({ queryKey: allVisitMessagesKey });
}
