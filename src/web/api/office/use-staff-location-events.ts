// Follows the private staff channels of some locations (docs/realtime.md): every change to their
// lines, their recalculated wait times, their visits' changed messages, and the reconnects after
// which anything may have changed. The handler may change between renders without re-subscribing.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { SubscriptionError } from "../../../shared/realtime-channels.ts";
import { useRealtimeClient } from "../realtime/realtime-context.tsx";
import { meQueryKey } from "./me.ts";

export type StaffLocationEvent =
  | { kind: "appointment-changed"; locationId: string; resource: unknown }
  | { kind: "wait-times"; locationId: string }
  /** a booked appointment of the location changed (AppointmentChanged) */
  | { kind: "booked-appointment-changed"; locationId: string }
  /** a message of one visit was written or changed status, or a reply came in */
  | { kind: "messages-changed"; locationId: string; queueAppointmentId: string }
  /** the socket came back after a break, or a channel's subscription took effect: re-read everything shown */
  | { kind: "resync" };

export function useStaffLocationEvents(
  locationIds: readonly string[],
  handler: (event: StaffLocationEvent) => void,
) {
  const client = useRealtimeClient();
  const queryClient = useQueryClient();
  const current = useRef(handler);
  useEffect(() => {
    current.current = handler;
  });
  const ids = locationIds.join(",");

  useEffect(() => {
    if (!client || ids === "") return;
    const stops = ids.split(",").map((locationId) =>
      client.subscribeToStaffLocation(locationId, {
        queueAppointmentChanged: (resource) =>
          current.current({ kind: "appointment-changed", locationId, resource }),
        waitTimes: () => current.current({ kind: "wait-times", locationId }),
        appointmentChanged: () =>
          current.current({ kind: "booked-appointment-changed", locationId }),
        queueAppointmentMessagesChanged: ({ id }) =>
          current.current({ kind: "messages-changed", locationId, queueAppointmentId: id }),
        onError: (error: SubscriptionError) => {
          // The polling under every live page keeps it right meanwhile; the refusal is worth a log.
          console.warn("realtime: staff channel refused", locationId, error);
          // A token past its time: read /me for a fresh one, which reconnects the channels (or,
          // with the session gone too, leads to sign-in).
          if (error.status === 401) void queryClient.invalidateQueries({ queryKey: meQueryKey });
        },
        // A change made between the page's read and the subscribe sends no event: re-read then.
        onSubscribed: () => current.current({ kind: "resync" }),
      }),
    );
    const stopResync = client.onResync(() => current.current({ kind: "resync" }));
    return () => {
      for (const stop of stops) stop();
      stopResync();
    };
  }, [client, ids, queryClient]);
}
