// The home page `/`: the way in for a visitor. The vendor's locations, open ones first (or nearest
// first once the visitor asks and shares where they are), each with its open state, current wait,
// address, phone and "Join the line"; a search by name, city or address (translated names too).
// The list is re-read every minute, so waits and open states stay current.
import { useEffect, useMemo, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { LocationResource } from "../../api/locations.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { useSearchParams } from "../../routing/routing.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { useHomeLocations } from "./home-locations.ts";
import { HomeMessages } from "./home-messages.tsx";
import styles from "./home-page.module.css";
import { HomeToolbar } from "./home-toolbar.tsx";
import { LocationCard } from "./location-card.tsx";
import { useVisitorPosition } from "./use-visitor-position.ts";

/** Spec §9: the suggestion debounce, used for the typed search too. */
const SEARCH_DEBOUNCE_MS = 200;

export function HomePage() {
  return (
    <HomeMessages>
      <HomeContent />
    </HomeMessages>
  );
}

function HomeContent() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: "Home.title" }));
  const vendor = useCurrentVendor();
  const [searchParams] = useSearchParams();
  const query = useMemo(() => Object.fromEntries(searchParams), [searchParams]);
  const [text, setText] = useState("");
  const search = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const { position, locate, forget } = useVisitorPosition();
  const near = position.kind === "located" ? { lat: position.lat, lng: position.lng } : null;
  const locations = useHomeLocations({ search, near });
  const showWait = vendor.attributes?.show_wait_time ?? true;

  const shown = useMemo(() => {
    const data = locations.data ?? [];
    // The server sorts by distance once it knows where the visitor is; else open ones first, each
    // group in the server's order (sort order, then name).
    return near ? data : [...data].sort((a, b) => openRank(a) - openRank(b));
  }, [locations.data, near]);
  const searching = search.trim() !== "";

  return (
    <section aria-labelledby="home-title" className={styles.page}>
      <div className={styles.intro}>
        <h1 id="home-title" className={styles.title}>
          <FormattedMessage id="Home.title" />
        </h1>
        <p className={styles.lead}>
          <FormattedMessage id="Home.lead" />
        </p>
      </div>

      <HomeToolbar
        text={text}
        onTextChange={setText}
        position={position}
        onLocate={locate}
        onForget={forget}
      />

      <p className={styles.summary} role="status">
        {locations.data &&
          (searching ? (
            <FormattedMessage
              id="LocationFinder.results_text"
              values={{ count: shown.length, text: search.trim() }}
            />
          ) : shown.length > 0 ? (
            <FormattedMessage
              id={near ? "Home.count_nearest" : "Home.count_open_first"}
              values={{ count: shown.length }}
            />
          ) : null)}
      </p>

      {locations.isPending ? (
        <p className={styles.message} role="status">
          <FormattedMessage id="Home.loading" />
        </p>
      ) : locations.isError && !locations.data ? (
        <div className={styles.message} role="alert">
          <p>
            <FormattedMessage id="Home.load_failed" />
          </p>
          <button type="button" className={styles.retry} onClick={() => locations.refetch()}>
            <FormattedMessage id="Common.try_again" />
          </button>
        </div>
      ) : shown.length === 0 ? (
        <div className={styles.message}>
          <p className={styles.emptyTitle}>
            <FormattedMessage id="Home.empty" />
          </p>
          <p>
            <FormattedMessage id={searching ? "Home.empty_search_hint" : "Home.empty_hint"} />
          </p>
        </div>
      ) : (
        <ul className={styles.list}>
          {shown.map((location) => (
            <li key={location.id} className={styles.item}>
              <LocationCard location={location} showWait={showWait} query={query} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Open now as the server says (spec §4, holidays and special hours included): the list is re-read
 * every minute, so the state is never more than a minute old.
 */
const openRank = (location: LocationResource) => (location.attributes.is_currently_open ? 0 : 1);

/** `value` once it has stopped changing for `delayMs`. */
function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
