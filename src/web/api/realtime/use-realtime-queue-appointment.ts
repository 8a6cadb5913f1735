// Live fields of a visitor's queue appointment (spec §4 "Live updates": status, dial-in, meeting
// link, staff user): merged into the cached JSON:API document of `queryKey` as they arrive, and
// the document re-read after every reconnect and whenever the server confirms the channel, so a
// change made while offline, or between the page's first read and its subscribe, still shows.
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { QueueAppointmentLiveAttributes } from "../../../shared/contracts/realtime.ts";
import { useRealtimeClient } from "./realtime-context.tsx";

type LiveAttributes = QueueAppointmentLiveAttributes;

/** The cached document with the live attributes laid over its own; other shapes are left alone. */
export function withLiveAttributes<T>(cached: T, live: LiveAttributes): T {
  if (typeof cached !== "object" || cached === null || !("data" in cached)) return cached;
  const data = (cached as { data: unknown }).data;
  if (typeof data !== "object" || data === null || !("attributes" in data)) return cached;
  const attributes = (data as { attributes: object }).attributes;
  return { ...cached, data: { ...data, attributes: { ...attributes, ...live } } };
}

export function useRealtimeQueueAppointment(options: {
  id: number | string | null | undefined;
  confirmCode: string | null | undefined;
  /** the query holding GET /api/v2/open/queue-appointments/{id} */
  queryKey: QueryKey;
}): LiveAttributes | null {
  const client = useRealtimeClient();
  const queryClient = useQueryClient();
  const [live, setLive] = useState<LiveAttributes | null>(null);
  const { id, confirmCode } = options;
  const key = JSON.stringify(options.queryKey);

  useEffect(() => {
    if (!client || id === null || id === undefined || !confirmCode) return;
    const queryKey = JSON.parse(key) as QueryKey;
    const reread = () => {
      setLive(null);
      void queryClient.invalidateQueries({ queryKey });
    };
    const stopUpdates = client.subscribeToQueueAppointment(
      id,
      confirmCode,
      ({ attributes }) => {
        setLive(attributes);
        queryClient.setQueryData(queryKey, (cached: unknown) =>
          withLiveAttributes(cached, attributes),
        );
      },
      undefined,
      // Always re-read: the first read usually lands just before the subscribe, and a change
      // in between is exactly what would otherwise be lost.
      reread,
    );
    const stopResync = client.onResync(reread);
    return () => {
      stopUpdates();
      stopResync();
    };
  }, [client, id, confirmCode, key, queryClient]);

  return live;
}
