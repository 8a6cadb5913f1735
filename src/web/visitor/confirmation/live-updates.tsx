// The confirmation page's live channel, in its own chunk: the realtime client (~17 KB gz) loads
// after the booking is on screen instead of before. It lays status, staff, meeting link and dial-in
// over the page's query as they arrive, and hands up the location's wait-time list.
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { WaitTimeEntry } from "../../../shared/realtime-channels.ts";
import { RealtimeProvider } from "../../api/realtime/realtime-context.tsx";
import { useRealtimeLocationWaitTimes } from "../../api/realtime/use-realtime-location-wait-times.ts";
import { useRealtimeQueueAppointment } from "../../api/realtime/use-realtime-queue-appointment.ts";

/**
 * The booking was read before its channel was joined, and a change made in between is never sent
 * again. The client does not say when a subscription has taken, so the booking is re-read once the
 * socket has had time to connect and subscribe (well under 2 s here), and once more later.
 */
export const CATCH_UP_AFTER_MS = [2_000, 8_000] as const;

export type LiveUpdatesProps = {
  id: string;
  code: string;
  locationId: string | null;
  /** the page's query of this booking: live fields land here, and it is re-read on reconnect */
  queryKey: QueryKey;
  onWaitTimes: (entries: WaitTimeEntry[] | null) => void;
};

export default function LiveUpdates(props: LiveUpdatesProps) {
  return (
    <RealtimeProvider>
      <Subscriptions {...props} />
    </RealtimeProvider>
  );
}

function Subscriptions({ id, code, locationId, queryKey, onWaitTimes }: LiveUpdatesProps) {
  useRealtimeQueueAppointment({ id, confirmCode: code, queryKey });
  const waitTimes = useRealtimeLocationWaitTimes({ locationId, queryKey });
  useEffect(() => onWaitTimes(waitTimes), [waitTimes, onWaitTimes]);

  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    const timers = CATCH_UP_AFTER_MS.map((delay) =>
      setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey }),
        delay,
      ),
    );
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [key, queryClient]);
  return null;
}
