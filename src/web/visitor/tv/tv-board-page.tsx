// The TV page (mode=tv on a location's visitor route): the board of that location, live through the
// realtime client (loaded once the board shows and the page is idle), without the visitor header and footer. Needs no
// touch: it keeps the screen on, retries on its own and re-reads after every reconnect.
import { lazy, Suspense } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { ApiError } from "../../api/client.ts";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { useIdle } from "../../ui/when-idle.ts";
import { useLocationBoard } from "./location-board.ts";
import styles from "./tv-board.module.css";
import { TvBoard } from "./tv-board.tsx";
import { TvMessages } from "./tv-messages.tsx";
import { useScreenAwake } from "./use-screen-awake.ts";

const TvLiveUpdates = lazy(() => import("./tv-live-updates.tsx"));

type BoardProps = {
  locationId: string;
  /** the board link's token, for a private location's board */
  token?: string;
};

export function TvBoardPage({ locationId, token }: BoardProps) {
  const idle = useIdle();
  const tokenProp = token ? { token } : {};
  return (
    <TvMessages>
      <TvBoardScreen locationId={locationId} {...tokenProp} />
      {idle && (
        <Suspense fallback={null}>
          <TvLiveUpdates locationId={locationId} {...tokenProp} />
        </Suspense>
      )}
    </TvMessages>
  );
}

function TvBoardScreen({ locationId, token }: BoardProps) {
  const intl = useIntl();
  const board = useLocationBoard(locationId, token);
  useScreenAwake();
  const title = intl.formatMessage({ id: "Tv.title" });
  usePageTitle(board.data ? `${board.data.location_name} · ${title}` : title);

  if (board.data)
    return <TvBoard board={board.data} reconnecting={board.isError || board.failureCount > 0} />;
  const unknown = board.error instanceof ApiError && [404, 422].includes(board.error.status);
  return (
    <main className={styles.message}>
      <h1 className={styles.messageText}>
        <FormattedMessage
          id={
            unknown ? "Tv.unavailable" : board.failureCount > 0 ? "Tv.reconnecting" : "Tv.loading"
          }
        />
      </h1>
    </main>
  );
}
