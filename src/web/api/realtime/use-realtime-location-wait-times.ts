// The live wait-time list of a location (spec §4: the page picks the entry of its appointment and
// reads expected_start). After a reconnect the list is dropped and `queryKey` re-read instead;
// `queryKey` is re-read too whenever the server confirms the channel (nothing is missed from then).
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { WaitTimeEntry } from "../../../shared/contracts/realtime.ts";
import { useRealtimeClient } from "./realtime-context.tsx";

export function useRealtimeLocationWaitTimes(options: {
  locationId: number | string | null | undefined;
  /** the query holding the location's wait times (GET queue-appointments-services/{locationId}) */
  queryKey?: QueryKey;
}): WaitTimeEntry[] | null {
  const client = useRealtimeClient();
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<WaitTimeEntry[] | null>(null);
  const { locationId } = options;
  const key = options.queryKey ? JSON.stringify(options.queryKey) : null;

  useEffect(() => {
    if (!client || locationId === null || locationId === undefined) return;
    const reread = () => {
      if (key) void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
    };
    const stopUpdates = client.subscribeToLocation(locationId, setEntries, undefined, reread);
    const stopResync = client.onResync(() => {
      setEntries(null);
      reread();
    });
    return () => {
      stopUpdates();
      stopResync();
      setEntries(null);
    };
  }, [client, locationId, key, queryClient]);

  return entries;
}
