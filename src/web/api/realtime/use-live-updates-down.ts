// Whether a page's live updates have been down long enough to tell the visitor: null while they
// flow (or for the first LIVE_DOWN_NOTICE_MS of an outage, which a reconnect usually ends), else
// the moment the page last had them. It clears by itself when the connection comes back.
import { useEffect, useState } from "react";
import { useRealtimeClient } from "./realtime-context.tsx";

/** An outage shorter than this is not worth a word: socket.io reconnects within a few seconds. */
export const LIVE_DOWN_NOTICE_MS = 10_000;

export function useLiveUpdatesDown(): Date | null {
  const client = useRealtimeClient();
  const [lastLive, setLastLive] = useState<Date | null>(null);
  useEffect(() => {
    if (!client) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = client.onConnectionChange((up) => {
      clearTimeout(timer);
      if (up) {
        setLastLive(null);
        return;
      }
      // Up to now the page was live (or, before the first connection, as fresh as its first read).
      const since = new Date();
      timer = setTimeout(() => setLastLive(since), LIVE_DOWN_NOTICE_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [client]);
  return lastLive;
}
