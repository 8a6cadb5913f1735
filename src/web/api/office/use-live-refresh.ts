// Re-reads queries when realtime says the lines of some locations changed. A burst of events (a
// call next sends the visitor and the new wait times) folds into one re-read. A visit's changed
// messages and booked appointments leave the line alone: `onEvent` re-reads that visit's messages,
// if anything shows them, and the schedule follows its appointments itself.
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { type StaffLocationEvent, useStaffLocationEvents } from "./use-staff-location-events.ts";

export const LIVE_REFRESH_DELAY_MS = 250;

export function useLiveRefresh(
  locationIds: readonly string[],
  queryKeys: readonly QueryKey[],
  onEvent?: (event: StaffLocationEvent) => void,
) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const keys = useRef(queryKeys);
  useEffect(() => {
    keys.current = queryKeys;
  });

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  useStaffLocationEvents(locationIds, (event) => {
    onEvent?.(event);
    // Booked appointments are not the line: their readers follow them (the schedule's own hook).
    if (
      event.kind === "messages-changed" ||
      event.kind === "booked-appointment-changed" ||
      timer.current !== null
    )
      return;
    timer.current = setTimeout(() => {
      timer.current = null;
      for (const queryKey of keys.current) void queryClient.invalidateQueries({ queryKey });
    }, LIVE_REFRESH_DELAY_MS);
  });
}
