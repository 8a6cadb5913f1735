// Keeps the lobby board live (spec §7 realtime): the location's public channel announces every
// change to its line (WaitTimeRecalculated) and to the vendor's settings (BoardSettingsChanged:
// rows, what it shows of a visitor, the chime). The board re-reads itself then, whenever the server
// confirms the subscription (a change between the first read and the subscribe sent no event) and
// after every reconnect, so what changed while the connection was down shows once it is back.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useRealtimeClient } from "../../api/realtime/realtime-context.tsx";
import { locationBoardQueryKey } from "./location-board.ts";

/** `token`: a private location's board link token, which its channel wants too */
export function useLiveBoard(locationId: string, token?: string) {
  const client = useRealtimeClient();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!client) return;
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: locationBoardQueryKey(locationId) });
    const stopUpdates = client.subscribeToLocation(
      locationId,
      refresh,
      (error) => console.warn("lobby board: live updates refused", error),
      refresh,
      token,
    );
    const stopSettings = client.subscribeToBoardSettings(locationId, refresh, token);
    const stopResync = client.onResync(refresh);
    return () => {
      stopSettings();
      stopUpdates();
      stopResync();
    };
  }, [client, locationId, queryClient, token]);
}
