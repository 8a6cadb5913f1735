// The confirmation page's live channel, in its own chunk: the realtime client (~17 KB gz) loads
// once the booking is on screen and the page is idle. It lays status, staff, meeting link and dial-in
// over the page's query as they arrive, re-reads the booking once the channel's subscription has
// taken (a change made after the first read sent no event), and hands up the wait-time list. When
// the channel has been down for over 10 s it says so (live-status.tsx).
import type { QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import type { WaitTimeEntry } from "../../../shared/contracts/realtime.ts";
import { RealtimeProvider } from "../../api/realtime/realtime-context.tsx";
import { useRealtimeLocationWaitTimes } from "../../api/realtime/use-realtime-location-wait-times.ts";
import { useRealtimeQueueAppointment } from "../../api/realtime/use-realtime-queue-appointment.ts";
import { LiveStatus } from "./live-status.tsx";

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
  return <LiveStatus />;
}
