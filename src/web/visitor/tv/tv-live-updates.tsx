// The board's live channel, in its own chunk: the realtime client (~17 KB gz) loads once the board
// is on screen and the page is idle. It renders nothing; it re-reads the board when the line changes.
import { RealtimeProvider } from "../../api/realtime/realtime-context.tsx";
import { useLiveBoard } from "./use-live-board.ts";

export default function TvLiveUpdates({ locationId }: { locationId: string }) {
  return (
    <RealtimeProvider>
      <Subscription locationId={locationId} />
    </RealtimeProvider>
  );
}

function Subscription({ locationId }: { locationId: string }) {
  useLiveBoard(locationId);
  return null;
}
