// The board's live channel, in its own chunk: the realtime client (~17 KB gz) loads once the board
// is on screen and the page is idle. It renders nothing; it re-reads the board when the line changes.
import { RealtimeProvider } from "../../api/realtime/realtime-context.tsx";
import { useLiveBoard } from "./use-live-board.ts";

type Props = { locationId: string; token?: string };

export default function TvLiveUpdates({ locationId, token }: Props) {
  return (
    <RealtimeProvider>
      <Subscription locationId={locationId} {...(token ? { token } : {})} />
    </RealtimeProvider>
  );
}

function Subscription({ locationId, token }: Props) {
  useLiveBoard(locationId, token);
  return null;
}
